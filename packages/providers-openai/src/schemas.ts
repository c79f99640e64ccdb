/**
 * The zod schemas of `@tandem/providers-openai`: the per-call provider options and the OpenAI wire formats
 * the message converters produce. Kept apart from the main entry, which does not load zod when imported.
 *
 * @example
 * ```ts
 * import { ChatMessage, OpenAIProviderOptions } from '@tandem/providers-openai/schemas';
 *
 * OpenAIProviderOptions.parse({ reasoningEffort: 'low' });
 * ChatMessage.parse({ role: 'user', content: 'Hi' });
 * ```
 *
 * @packageDocumentation
 */
export { OpenAIProviderOptions } from './openai-provider-options.js';
export { ResponsesInputItem, ResponsesInputContent } from './responses/responses-input.js';
export { ChatMessage, ChatUserContent, ChatToolCall } from './chat/chat-message.js';
