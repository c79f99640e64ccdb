import type { ProviderMetadata } from '../../shared/json.js';
import type { FinishReason, Usage } from './usage.js';

/**
 * One part of a streamed model response. Blocks open with `*-start`, grow with `*-delta` and close with
 * `*-end`; tool calls do the same keyed by `toolCallId`. Exactly one `finish` part ends every complete
 * stream — a stream without it is an `IncompleteResponseError`.
 *
 * @category Language model spec
 */
export type ModelStreamPart =
  /**
   * Optional, first: which model answers this call — for models that route to others (`fallbackModel()`).
   * Core reads it only from a model whose `announcesModel` is true; its `stream-start` event carries it.
   */
  | { readonly type: 'stream-start'; readonly provider: string; readonly modelId: string }
  | { readonly type: 'text-start'; readonly blockId: string; readonly providerMetadata?: ProviderMetadata }
  | { readonly type: 'text-delta'; readonly blockId: string; readonly chunk: string }
  | { readonly type: 'text-end'; readonly blockId: string; readonly providerMetadata?: ProviderMetadata }
  | { readonly type: 'reasoning-start'; readonly blockId: string; readonly providerMetadata?: ProviderMetadata }
  | { readonly type: 'reasoning-delta'; readonly blockId: string; readonly chunk: string }
  | { readonly type: 'reasoning-end'; readonly blockId: string; readonly providerMetadata?: ProviderMetadata }
  | { readonly type: 'tool-start'; readonly toolCallId: string; readonly toolName: string }
  | { readonly type: 'tool-delta'; readonly toolCallId: string; readonly chunk: string }
  | {
      readonly type: 'tool-end';
      readonly toolCallId: string;
      readonly toolName: string;
      /** The complete raw JSON arguments (`''` is read as `{}`). */
      readonly toolArgs: string;
      readonly providerMetadata?: ProviderMetadata;
    }
  | {
      readonly type: 'builtin-tool-call';
      readonly toolCallId: string;
      readonly toolName: string;
      readonly toolArgs: string;
      readonly providerMetadata?: ProviderMetadata;
    }
  | {
      readonly type: 'builtin-tool-result';
      readonly toolCallId: string;
      readonly toolName: string;
      readonly result: unknown;
      readonly isError?: boolean;
      readonly providerMetadata?: ProviderMetadata;
    }
  | { readonly type: 'file'; readonly mediaType: string; readonly data: Uint8Array }
  | {
      readonly type: 'finish';
      readonly finishReason: FinishReason;
      readonly usage: Usage;
      readonly providerMetadata?: ProviderMetadata;
    };

/**
 * The `type` of every {@link ModelStreamPart}.
 *
 * @category Language model spec
 */
export type ModelStreamPartType = ModelStreamPart['type'];
