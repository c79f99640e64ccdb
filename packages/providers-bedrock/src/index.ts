/**
 * Amazon Bedrock provider for Tandem: the Converse stream API (via `@aws-sdk/client-bedrock-runtime`)
 * with tool use, reasoning (signatures and redacted reasoning kept for the round trip), prompt-cache usage
 * and guardrails; and Amazon Nova Sonic speech-to-speech models (`bedrock.novaSonic(id)`) on the
 * bidirectional streaming API over HTTP/2, for `BidiAgent`.
 *
 * @example
 * ```ts
 * import { registerProvider } from '@tandem/core';
 * import { bedrock } from '@tandem/providers-bedrock';
 *
 * registerProvider('bedrock', bedrock); // resolveModel('bedrock:amazon.nova-pro-v1:0') now works
 * // …and resolveBidiModel('bedrock:amazon.nova-sonic-v1:0') too
 * ```
 *
 * @packageDocumentation
 */
export { createBedrock, bedrock, type BedrockProvider, type BedrockProviderSettings, type BedrockCredentials } from './bedrock-provider.js';
export { BedrockConverseModel, type BedrockConverseModelConfig } from './bedrock-converse-model.js';
export { BedrockProviderOptions } from './bedrock-provider-options.js';
export { bedrockTools, type BedrockTools } from './bedrock-tools.js';
export { InvalidRequestError } from '@tandem/provider-utils';
export { convertToBedrockMessages, type BedrockPrompt } from './convert-to-bedrock-messages.js';
export { buildBedrockConverseInput } from './build-bedrock-converse-input.js';
export { mapBedrockStopReason } from './map-bedrock-stop-reason.js';
export { mapBedrockError } from './map-bedrock-error.js';
export { NovaSonicModel, type NovaSonicModelConfig } from './nova-sonic/nova-sonic-model.js';
export { NovaSonicConnection, type NovaSonicConnectionConfig } from './nova-sonic/nova-sonic-connection.js';
export type { NovaSonicOptions, NovaSonicClock } from './nova-sonic/nova-sonic-options.js';
export { providerPlugin } from './provider-plugin.js';
