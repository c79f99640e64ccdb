/**
 * Anthropic provider for Tandem: Claude models on the Messages API with streaming, tool use, extended
 * thinking (signatures kept for the round trip) and server tools such as web search.
 *
 * @example
 * ```ts
 * import { registerProvider } from '@tandem/core';
 * import { anthropic } from '@tandem/providers-anthropic';
 *
 * registerProvider('anthropic', anthropic); // resolveModel('anthropic:claude-sonnet-4-5') now works
 * ```
 *
 * @packageDocumentation
 */
export { createAnthropic, anthropic, type AnthropicProvider, type AnthropicProviderSettings, type AnthropicModelId } from './anthropic-provider.js';
export { AnthropicMessagesModel, ANTHROPIC_VERSION, type AnthropicMessagesModelConfig } from './anthropic-messages-model.js';
export { anthropicTools, type AnthropicTools, type AnthropicWebSearchOptions } from './anthropic-tools.js';
export { AnthropicProviderOptions } from './anthropic-provider-options.js';
export { InvalidRequestError } from '@tandem/provider-utils';
export { convertToAnthropicMessages, type AnthropicPrompt } from './convert-to-anthropic-messages.js';
export { buildAnthropicRequestBody, ANTHROPIC_DEFAULT_MAX_TOKENS } from './build-anthropic-request-body.js';
export { mapAnthropicStopReason } from './map-anthropic-stop-reason.js';
export type {
  AnthropicMessagesRequestBody,
  AnthropicMessageParam,
  AnthropicContentBlockParam,
  AnthropicTextBlockParam,
  AnthropicFileBlockParam,
  AnthropicToolResultContent,
  AnthropicSource,
  AnthropicCacheControl,
  AnthropicToolParam,
  AnthropicToolChoice,
} from './anthropic-request.js';
export { providerPlugin } from './provider-plugin.js';
export { anthropicMaxInputTokens } from './anthropic-max-input-tokens.js';
