import { TerminalError } from '@restatedev/restate-sdk';
import { errorText, type JsonValue, type LanguageModelV1, type ModelCallOptions, type ModelRequest } from '@tandem/core';
import { toJournal } from './journal-codec.js';

/**
 * The action of a model call's step: streams the whole response and returns its parts as JSON (bytes as
 * base64). A call that fails — after the provider's own retries — or a stream that ends without its
 * `finish` part is a `TerminalError`: retrying the invocation would not help, and the loop must not retry
 * the model behind the provider's back. @internal
 */
export async function callModel(model: LanguageModelV1, request: ModelRequest, options: ModelCallOptions): Promise<JsonValue[]> {
  const parts: JsonValue[] = [];
  let finished = false;
  try {
    for await (const part of model.stream(request, options)) {
      parts.push(toJournal(part));
      if (part.type === 'finish') finished = true;
    }
  } catch (error) {
    if (options.signal?.aborted === true) throw new TerminalError('The model call was cancelled with the run.', { errorCode: 409 });
    throw new TerminalError(`The model call failed: ${errorText(error)}`);
  }
  if (!finished) {
    throw new TerminalError(`The model call failed: the ${model.provider} response stream ended before its finish part (IncompleteResponseError).`);
  }
  return parts;
}
