/**
 * OpenAI provider for Tandem: the Responses API (default) and Chat Completions, function tools,
 * web search and reasoning. Also the building blocks OpenAI-compatible providers reuse.
 *
 * @packageDocumentation
 */
export { createOpenAI, openai, type OpenAIProvider, type OpenAIProviderSettings } from './openai-provider.js';
export type { OpenAIRealtimeOptions, OpenAIRealtimeServerVad, OpenAIRealtimeSemanticVad } from './realtime/openai-realtime-options.js';
export { openaiTools, type OpenAIWebSearchArgs } from './openai-tools.js';
export type { OpenAIProviderOptions } from './openai-provider-options.js';
export type { OpenAIConfig } from './openai-config.js';
export { OpenAIResponsesLanguageModel } from './responses/openai-responses-language-model.js';
export { OpenAIChatLanguageModel } from './chat/openai-chat-language-model.js';
export type { OpenAIChatConfig, ChatProviderToolMapping } from './chat/openai-chat-config.js';
export { convertToResponsesInput, type ConvertToResponsesInputOptions } from './responses/convert-to-responses-input.js';
export { convertFromResponsesInput } from './responses/convert-from-responses-input.js';
export type { ResponsesInputItem, ResponsesInputContent } from './responses/responses-input.js';
export { convertToChatMessages, type ConvertToChatMessagesOptions } from './chat/convert-to-chat-messages.js';
export { convertFromChatMessages } from './chat/convert-from-chat-messages.js';
export type { ChatMessage, ChatUserContent, ChatToolCall } from './chat/chat-message.js';
export { OpenAIRealtimeModel, type OpenAIRealtimeConfig } from './realtime/openai-realtime-model.js';
export { createRealtimeClientSecret, type CreateRealtimeClientSecretOptions, type RealtimeClientSecret } from './realtime/create-realtime-client-secret.js';
export { OpenAIRealtimeConnection, type RealtimeConnectionOptions } from './realtime/openai-realtime-connection.js';
export { providerPlugin } from './provider-plugin.js';
export type { RealtimeSocket, RealtimeSocketData } from './realtime/realtime-socket.js';
export { RealtimeUnsupportedError, type RealtimeSettings, type RealtimeTurnDetection } from '@tandem/provider-utils';
export { openaiMaxInputTokens } from './openai-max-input-tokens.js';
