// Keys a provider loads or sends are registered, so no error built on any later path shows them.
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { InvalidResponseDataError } from '@tandem/core/spec';
import { ProviderTestServer } from '@tandem/core/testing';
import { InvalidProviderOptionsError } from './invalid-provider-options-error.js';
import { InvalidRequestError } from './invalid-request-error.js';
import { loadApiKey } from './load-api-key.js';
import { LoadAPIKeyError } from './load-api-key-error.js';
import { parseJsonEvent } from './parse-json-event.js';
import { postJsonToApi } from './post-json-to-api.js';
import { z } from 'zod';

const renderings = (error: Error) => [error.message, error.stack ?? '', JSON.stringify(error), inspect(error, { depth: 20 }), String(error)];
const leaks = (error: Error, key: string) => renderings(error).some((text) => text.includes(key));

describe('secrets in provider-utils errors', () => {
  it('loadApiKey registers the key it returns: errors built afterwards redact it', () => {
    const key = 'sk-loaded-0123456789abcdef';
    expect(loadApiKey({ apiKey: key, environmentVariableNames: [], description: 'Acme', factoryName: 'createAcme' })).toBe(key);
    const errors = [
      new LoadAPIKeyError({ message: `no key like ${key}` }),
      new InvalidProviderOptionsError({ provider: 'acme', message: `bad ${key}`, cause: new Error(key) }),
      new InvalidRequestError({ provider: 'acme', message: `bad ${key}`, cause: { echoed: key } }),
    ];
    for (const error of errors) expect(leaks(error, key)).toBe(false);
    // A non-JSON data: line echoing the key: message, data and cause (JSON.parse's own message quotes the text).
    const parseError = (() => {
      try {
        parseJsonEvent(`oops ${key}`, z.object({}), { provider: 'Acme' });
      } catch (error) {
        return error as InvalidResponseDataError;
      }
      throw new Error('expected a parse error');
    })();
    expect(leaks(parseError, key)).toBe(false);
    expect(parseError.data).toBe('oops [REDACTED]');
  });

  it('postJsonToApi registers the credentials it sends in headers, with or without an auth scheme', async () => {
    await using server = await ProviderTestServer.start();
    server.enqueue({ type: 'json', body: {} });
    const bearer = 'tok-bearer-0123456789abcdef';
    const custom = 'tok-custom-0123456789abcdef';
    await postJsonToApi({ provider: 'Acme', url: server.url, body: {}, headers: { authorization: `Bearer ${bearer}`, 'x-acme-api-key': custom } });
    const later = new InvalidResponseDataError({ message: `echo ${bearer} ${custom}`, data: { headers: { authorization: `Bearer ${bearer}` } } });
    expect(leaks(later, bearer) || leaks(later, custom)).toBe(false);
    expect(later.message).toBe('echo [REDACTED] [REDACTED]');
  });
});
