/**
 * Request-side shapes of the Messages API (`POST /v1/messages`), as this package sends them.
 * Responses are parsed with zod (see `anthropic-stream-event.ts`); requests are built by us, so plain
 * types are enough.
 */

/**
 * Marks a prompt-cache breakpoint on a content block.
 *
 * @category Wire format
 */
export interface AnthropicCacheControl {
  readonly type: 'ephemeral';
  readonly ttl?: '5m' | '1h';
}

/**
 * Where the bytes of an image or document come from.
 *
 * @category Wire format
 */
export type AnthropicSource =
  | { readonly type: 'base64'; readonly media_type: string; readonly data: string }
  | { readonly type: 'url'; readonly url: string }
  | { readonly type: 'text'; readonly media_type: 'text/plain'; readonly data: string };

/**
 * A text block.
 *
 * @category Wire format
 */
export interface AnthropicTextBlockParam {
  readonly type: 'text';
  readonly text: string;
  readonly cache_control?: AnthropicCacheControl;
}

/**
 * An image or document block.
 *
 * @category Wire format
 */
export interface AnthropicFileBlockParam {
  readonly type: 'image' | 'document';
  readonly source: AnthropicSource;
  readonly title?: string;
  readonly cache_control?: AnthropicCacheControl;
}

/**
 * Content allowed inside a `tool_result` block.
 *
 * @category Wire format
 */
export type AnthropicToolResultContent = string | ReadonlyArray<AnthropicTextBlockParam | AnthropicFileBlockParam>;

/**
 * Any content block this package sends.
 *
 * @category Wire format
 */
export type AnthropicContentBlockParam =
  | AnthropicTextBlockParam
  | AnthropicFileBlockParam
  | { readonly type: 'thinking'; readonly thinking: string; readonly signature: string }
  | { readonly type: 'redacted_thinking'; readonly data: string }
  | {
      readonly type: 'tool_use';
      readonly id: string;
      readonly name: string;
      readonly input: unknown;
      readonly cache_control?: AnthropicCacheControl;
    }
  | {
      readonly type: 'tool_result';
      readonly tool_use_id: string;
      readonly content: AnthropicToolResultContent;
      readonly is_error?: boolean;
      readonly cache_control?: AnthropicCacheControl;
    }
  | { readonly type: 'server_tool_use'; readonly id: string; readonly name: string; readonly input: unknown }
  | { readonly type: string; readonly tool_use_id: string; readonly content: unknown };

/**
 * One message of the `messages` array.
 *
 * @category Wire format
 */
export interface AnthropicMessageParam {
  readonly role: 'user' | 'assistant';
  readonly content: AnthropicContentBlockParam[];
}

/**
 * A tool as sent in `tools`: a custom (function) tool or a versioned server tool.
 *
 * @category Wire format
 */
export type AnthropicToolParam =
  | {
      readonly name: string;
      readonly description: string;
      readonly input_schema: { readonly [key: string]: unknown };
      readonly cache_control?: AnthropicCacheControl;
    }
  | { readonly type: string; readonly name: string; readonly [key: string]: unknown };

/**
 * `tool_choice`.
 *
 * @category Wire format
 */
export type AnthropicToolChoice =
  | { readonly type: 'auto' | 'any'; readonly disable_parallel_tool_use?: boolean }
  | { readonly type: 'tool'; readonly name: string; readonly disable_parallel_tool_use?: boolean }
  | { readonly type: 'none' };

/**
 * The JSON body of a streaming `POST /v1/messages`.
 *
 * @category Wire format
 */
export interface AnthropicMessagesRequestBody {
  readonly model: string;
  readonly max_tokens: number;
  readonly messages: AnthropicMessageParam[];
  readonly system?: AnthropicTextBlockParam[];
  readonly tools?: AnthropicToolParam[];
  readonly tool_choice?: AnthropicToolChoice;
  readonly temperature?: number;
  readonly top_p?: number;
  readonly top_k?: number;
  readonly stop_sequences?: string[];
  readonly thinking?: { readonly type: 'enabled'; readonly budget_tokens: number } | { readonly type: 'disabled' };
  readonly metadata?: { readonly user_id?: string };
  /** Structured outputs: the answer is JSON matching `format.schema`. */
  readonly output_config?: { readonly format: { readonly type: 'json_schema'; readonly schema: { readonly [key: string]: unknown } } };
  readonly stream: true;
}
