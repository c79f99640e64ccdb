import type { Message } from '../../message/v1/message.js';
import type { ResponseFormat } from './response-format.js';
import type { ToolChoice, ToolDefinition } from './tool-definition.js';

/**
 * Everything a provider needs for one model call.
 *
 * @category Language model spec
 */
export interface ModelRequest {
  readonly messages: readonly Message[];
  /** System prompt; providers place it where their vendor expects. */
  readonly system?: string;
  readonly tools: readonly ToolDefinition[];
  readonly toolChoice?: ToolChoice;
  readonly maxOutputTokens?: number;
  readonly temperature?: number;
  readonly topP?: number;
  readonly stopSequences?: readonly string[];
  /** Sampling seed, for vendors that support reproducible sampling. */
  readonly seed?: number;
  /**
   * The shape of the final answer (structured output). Each provider maps it to its vendor's native
   * JSON-schema mode and documents its fallback where the vendor has none; a provider never ignores it
   * silently.
   */
  readonly responseFormat?: ResponseFormat;
  /** Vendor-specific options keyed by provider name, e.g. `{ openai: { reasoningEffort: 'low' } }`. */
  readonly providerOptions?: { readonly [provider: string]: { readonly [key: string]: unknown } };
}

/**
 * Per-call options for {@link LanguageModelV1.stream}.
 *
 * @category Language model spec
 */
export interface ModelCallOptions {
  /** Aborting closes the HTTP request / socket and ends the stream. */
  readonly signal?: AbortSignal;
  /** Extra HTTP headers for this call. */
  readonly headers?: { readonly [name: string]: string };
}
