/**
 * Google Gemini provider for Tandem: `streamGenerateContent` over SSE with function calling, thinking
 * (thought signatures kept for the round trip), Google Search grounding and code execution; and Gemini
 * Live (`google.live(id)`), a speech-to-speech model for `BidiAgent`.
 *
 * @example
 * ```ts
 * import { registerProvider } from '@tandem/core';
 * import { google } from '@tandem/providers-google';
 *
 * registerProvider('google', google); // resolveModel('google:gemini-2.5-flash') now works
 * ```
 *
 * @packageDocumentation
 */
export {
  createGoogleGenerativeAI,
  createGoogle,
  google,
  type GoogleProvider,
  type GoogleProviderSettings,
  type GoogleModelId,
  type GoogleLiveModelId,
} from './google-provider.js';
export { GoogleLiveModel, type GoogleLiveConfig } from './live/google-live-model.js';
export type { GoogleLiveSettings, GoogleLiveToolOptions } from './live/google-live-settings.js';
export { RealtimeUnsupportedError, type RealtimeSettings, type RealtimeTurnDetection } from '@tandem/provider-utils';
export { GoogleGenerativeAIModel, defaultGenerateId, type GoogleGenerativeAIModelConfig } from './google-generative-ai-model.js';
export { googleTools, type GoogleTools } from './google-tools.js';
export { GoogleProviderOptions } from './google-provider-options.js';
export { InvalidRequestError } from '@tandem/provider-utils';
export { convertToGoogleContents, type GooglePrompt } from './convert-to-google-contents.js';
export { buildGoogleRequestBody } from './build-google-request-body.js';
export { mapGoogleFinishReason } from './map-google-finish-reason.js';
export type {
  GoogleGenerateContentRequest,
  GoogleContent,
  GoogleRequestPart,
  GoogleTool,
  GoogleFunctionDeclaration,
} from './google-request.js';
export { providerPlugin } from './provider-plugin.js';
export { googleMaxInputTokens } from './google-max-input-tokens.js';
