import type { ModelStreamPart } from '../../spec/language-model/v1/model-stream-part.js';
import type { FinishReason, Usage } from '../../spec/language-model/v1/usage.js';
import type { ProviderMetadata } from '../../spec/shared/json.js';

/**
 * A tool call assembled from a model stream.
 *
 * @category Provider contract kit
 */
export interface CollectedToolCall {
  readonly toolCallId: string;
  readonly toolName: string;
  readonly toolArgs: string;
  /** `toolArgs` parsed as JSON (`''` reads as `{}`). */
  readonly input: unknown;
  readonly providerMetadata?: ProviderMetadata;
}

/**
 * Everything a model stream said, assembled.
 *
 * @category Provider contract kit
 */
export interface CollectedModelStream {
  readonly parts: ModelStreamPart[];
  readonly text: string;
  readonly reasoning: string;
  readonly toolCalls: CollectedToolCall[];
  readonly builtinToolCalls: Extract<ModelStreamPart, { type: 'builtin-tool-call' }>[];
  readonly builtinToolResults: Extract<ModelStreamPart, { type: 'builtin-tool-result' }>[];
  readonly finishReason: FinishReason;
  readonly usage: Usage;
  readonly finish: Extract<ModelStreamPart, { type: 'finish' }>;
}

/**
 * Consumes a model stream, checks it is well formed, and assembles text, reasoning and tool calls.
 * Throws an `Error` naming the first violation: a delta or end for a block that is not open, a block or
 * tool call left open, tool deltas that do not add up to the final `toolArgs`, arguments that are not
 * JSON, or anything but exactly one `finish` as the last part.
 *
 * @example
 * ```ts
 * const result = await collectModelStream(model.stream({ messages: [userMessage('hi')], tools: [] }));
 * expect(result.text).toBe('Hello!');
 * ```
 *
 * @category Provider contract kit
 */
export async function collectModelStream(stream: AsyncIterable<ModelStreamPart>): Promise<CollectedModelStream> {
  const parts: ModelStreamPart[] = [];
  for await (const part of stream) parts.push(part);
  return assembleModelStream(parts);
}

/**
 * The synchronous half of {@link collectModelStream}: validates and assembles parts already collected.
 *
 * @example
 * ```ts
 * const { toolCalls } = assembleModelStream(parts);
 * ```
 *
 * @category Provider contract kit
 */
export function assembleModelStream(parts: readonly ModelStreamPart[]): CollectedModelStream {
  const openText = new Set<string>();
  const openReasoning = new Set<string>();
  const openTools = new Map<string, { toolName: string; deltas: string; hadDelta: boolean }>();
  const seenToolIds = new Set<string>();
  let text = '';
  let reasoning = '';
  const toolCalls: CollectedToolCall[] = [];
  const builtinToolCalls: Extract<ModelStreamPart, { type: 'builtin-tool-call' }>[] = [];
  const builtinToolResults: Extract<ModelStreamPart, { type: 'builtin-tool-result' }>[] = [];
  let finish: Extract<ModelStreamPart, { type: 'finish' }> | undefined;
  parts.forEach((part, index) => {
    const where = `part #${index} (${part.type})`;
    if (finish !== undefined) throw new Error(`Malformed stream: ${where} comes after the finish part.`);
    switch (part.type) {
      case 'text-start':
      case 'reasoning-start': {
        const open = part.type === 'text-start' ? openText : openReasoning;
        if (open.has(part.blockId)) throw new Error(`Malformed stream: ${where} reopens block ${part.blockId}.`);
        open.add(part.blockId);
        break;
      }
      case 'text-delta':
      case 'reasoning-delta': {
        const open = part.type === 'text-delta' ? openText : openReasoning;
        if (!open.has(part.blockId)) throw new Error(`Malformed stream: ${where} for block ${part.blockId}, which is not open.`);
        if (part.type === 'text-delta') text += part.chunk;
        else reasoning += part.chunk;
        break;
      }
      case 'text-end':
      case 'reasoning-end': {
        const open = part.type === 'text-end' ? openText : openReasoning;
        if (!open.delete(part.blockId)) throw new Error(`Malformed stream: ${where} for block ${part.blockId}, which is not open.`);
        break;
      }
      case 'tool-start':
        if (seenToolIds.has(part.toolCallId)) throw new Error(`Malformed stream: ${where} repeats tool call id ${part.toolCallId}.`);
        seenToolIds.add(part.toolCallId);
        openTools.set(part.toolCallId, { toolName: part.toolName, deltas: '', hadDelta: false });
        break;
      case 'tool-delta': {
        const open = openTools.get(part.toolCallId);
        if (open === undefined) throw new Error(`Malformed stream: ${where} for tool call ${part.toolCallId}, which is not open.`);
        open.deltas += part.chunk;
        open.hadDelta = true;
        break;
      }
      case 'tool-end': {
        const open = openTools.get(part.toolCallId);
        if (open === undefined) throw new Error(`Malformed stream: ${where} for tool call ${part.toolCallId}, which is not open.`);
        openTools.delete(part.toolCallId);
        if (open.toolName !== part.toolName) throw new Error(`Malformed stream: ${where} names ${part.toolName}, tool-start named ${open.toolName}.`);
        if (open.hadDelta && open.deltas !== part.toolArgs) {
          throw new Error(`Malformed stream: the tool-delta chunks of ${part.toolCallId} add up to ${JSON.stringify(open.deltas)}, but tool-end says ${JSON.stringify(part.toolArgs)}.`);
        }
        let input: unknown;
        try {
          input = JSON.parse(part.toolArgs === '' ? '{}' : part.toolArgs) as unknown;
        } catch {
          throw new Error(`Malformed stream: the arguments of ${part.toolCallId} are not JSON: ${part.toolArgs}`);
        }
        toolCalls.push({ toolCallId: part.toolCallId, toolName: part.toolName, toolArgs: part.toolArgs, input, ...(part.providerMetadata ? { providerMetadata: part.providerMetadata } : {}) });
        break;
      }
      case 'builtin-tool-call':
        builtinToolCalls.push(part);
        break;
      case 'builtin-tool-result':
        builtinToolResults.push(part);
        break;
      case 'file':
        break;
      case 'finish':
        finish = part;
        break;
    }
  });
  if (finish === undefined) throw new Error('Malformed stream: it has no finish part.');
  const leftOpen = [...openText, ...openReasoning, ...openTools.keys()];
  if (leftOpen.length > 0) throw new Error(`Malformed stream: finished with blocks/tool calls still open: ${leftOpen.join(', ')}.`);
  return {
    parts: [...parts],
    text,
    reasoning,
    toolCalls,
    builtinToolCalls,
    builtinToolResults,
    finishReason: finish.finishReason,
    usage: finish.usage,
    finish,
  };
}
