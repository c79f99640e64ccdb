// Errors reported inside a 200 stream (not as an HTTP status) must not carry the API key either.
import { describe, expect, it } from 'vitest';
import { APICallError, InvalidResponseDataError } from '@tandem/core/spec';
import { collectModelStream, contractTools, ProviderTestServer, recordingSleep } from '@tandem/core/testing';
import { secretLeaks } from '@tandem/provider-utils/testing';
import { createGoogleGenerativeAI } from './google-provider.js';

const KEY = 'AIzaSyInBand-0123456789abcdefghij';
const request = { messages: [{ role: 'user' as const, parts: [{ type: 'text' as const, text: 'Hi' }] }], tools: contractTools };

async function failure(events: { data: string }[]): Promise<unknown> {
  await using server = await ProviderTestServer.start();
  server.setFallback({ type: 'sse', events });
  const model = createGoogleGenerativeAI({ apiKey: KEY, baseURL: server.baseURL('/v1beta'), sleep: recordingSleep().sleep })('gemini-2.5-flash');
  try {
    await collectModelStream(model.stream(request));
  } catch (error) {
    return error;
  }
  throw new Error('expected the stream to fail');
}

describe('API keys in in-band stream errors', () => {
  it('an error chunk echoing the key', async () => {
    const error = await failure([{ data: JSON.stringify({ error: { code: 400, message: `API key not valid: ${KEY}`, status: 'INVALID_ARGUMENT' } }) }]);
    expect(APICallError.isInstance(error)).toBe(true);
    expect((error as APICallError).message).toBe('Google Gemini stream failed with INVALID_ARGUMENT: API key not valid: [REDACTED]');
    expect(secretLeaks(error, KEY)).toEqual([]);
  });

  it('a non-JSON data line holding the key', async () => {
    const error = await failure([{ data: `<html>key=${KEY} forbidden</html>` }]);
    expect(InvalidResponseDataError.isInstance(error)).toBe(true);
    expect(secretLeaks(error, KEY)).toEqual([]);
  });
});
