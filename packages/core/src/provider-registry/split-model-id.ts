import { InvalidModelIdError } from './invalid-model-id-error.js';

/** Splits `provider:model-id` at its first colon. @throws InvalidModelIdError @internal */
export function splitModelId(value: string): { providerName: string; modelId: string } {
  const colon = value.indexOf(':');
  if (colon === -1) throw new InvalidModelIdError({ value, reason: 'it has no provider prefix' });
  const providerName = value.slice(0, colon).trim();
  const modelId = value.slice(colon + 1).trim();
  if (providerName === '') throw new InvalidModelIdError({ value, reason: 'the provider name is empty' });
  if (modelId === '') throw new InvalidModelIdError({ value, reason: 'the model id is empty' });
  return { providerName, modelId };
}
