import type { ProviderToolDefinition } from '@tandem/core/spec';

/**
 * Tools Bedrock runs itself. `systemTool(name)` enables a system-defined tool of the model provider (for
 * example Amazon Nova's web grounding); its calls and results stream as `builtin-tool-call` /
 * `builtin-tool-result` parts and go back into later requests.
 *
 * @example
 * ```ts
 * const agent = new Agent({ tools: [bedrock.tools.systemTool('nova_grounding')] });
 * ```
 *
 * @category Provider tools
 */
export const bedrockTools = {
  /**
   * A system-defined tool, sent as `{ "systemTool": { "name": … } }`.
   *
   * @example
   * ```ts
   * bedrock.tools.systemTool('nova_grounding');
   * ```
   */
  systemTool(name: string): ProviderToolDefinition {
    return { kind: 'provider', id: 'bedrock.system_tool', name, args: { name } };
  },
} as const;

/**
 * The provider tools of {@link bedrockTools}.
 *
 * @category Provider tools
 */
export type BedrockTools = typeof bedrockTools;
