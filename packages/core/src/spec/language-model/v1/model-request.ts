import type { Message } from '../../message/v1/message.js';
import type { ToolChoice, ToolDefinition } from './tool-definition.js';

/** Everything a provider needs for one model call. */
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
  /** Vendor-specific options keyed by provider name, e.g. `{ openai: { reasoningEffort: 'low' } }`. */
  readonly providerOptions?: { readonly [provider: string]: { readonly [key: string]: unknown } };
}

/** Per-call options for {@link LanguageModelV1.stream}. */
export interface ModelCallOptions {
  /** Aborting closes the HTTP request / socket and ends the stream. */
  readonly signal?: AbortSignal;
  /** Extra HTTP headers for this call. */
  readonly headers?: { readonly [name: string]: string };
}
