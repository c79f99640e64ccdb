import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { APICallError, ContextOverflowError, IncompleteResponseError } from '@tandem/core/spec';
import { collectModelStream, ProviderTestServer, recordingSleep } from '@tandem/core/testing';
import { registerProvider, resolveModel } from '@tandem/core';
import { createBedrock } from './bedrock-provider.js';
import { bedrockStream, loadBedrockEvents } from './test-utils/bedrock-fixture.js';
import { encodeEventFrame, encodeExceptionFrame } from './test-utils/encode-event-stream.js';

const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYSECRETKEY';
const SESSION = 'FwoGZXIvYXdzEBYaDSESSIONTOKENSECRET';
const request = { messages: [{ role: 'user' as const, parts: [{ type: 'text' as const, text: 'Hello' }] }], tools: [] };

function model(endpoint: string, sleep = recordingSleep()) {
  return createBedrock({
    region: 'us-east-1',
    endpoint,
    credentials: { accessKeyId: 'AKIDTEST', secretAccessKey: SECRET, sessionToken: SESSION },
    sleep: sleep.sleep,
  })('amazon.nova-pro-v1:0');
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

function deepText(value: unknown, seen = new Set<unknown>()): string {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null || seen.has(value)) return '';
  seen.add(value);
  let text = value instanceof Error ? `${value.message}\n${value.stack ?? ''}\n${deepText(value.cause, seen)}` : '';
  for (const key of Reflect.ownKeys(value)) text += `\n${deepText((value as Record<PropertyKey, unknown>)[key], seen)}`;
  return text;
}

const awsError = (status: number, type: string, message: string, headers: { [name: string]: string } = {}) => ({
  type: 'json' as const,
  status,
  headers: { 'x-amzn-errortype': `${type}:http://internal.amazon.com/coral/com.amazon.bedrock/`, ...headers },
  body: { message },
});

describe('Bedrock errors', () => {
  it('maps AccessDeniedException to a non-retryable 403 that says what to check, without credentials', async () => {
    await using server = await ProviderTestServer.start();
    server.setFallback(awsError(403, 'AccessDeniedException', "You don't have access to the model with the specified model ID."));
    const error = await failure(collectModelStream(model(server.url).stream(request)));
    expect(APICallError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ statusCode: 403, isRetryable: false });
    expect((error as Error).message).toMatch(/AccessDeniedException.*model access/);
    expect(server.requests).toHaveLength(1);
    const text = deepText(error) + JSON.stringify(error);
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(SESSION);
  });

  it('signs requests with SigV4 and never sends the secret key itself', async () => {
    await using server = await ProviderTestServer.start();
    server.enqueue(bedrockStream('text'));
    await collectModelStream(model(server.url).stream(request, { headers: { 'x-trace-id': 'trace-1' } }));
    const sent = server.requests[0]!;
    expect(sent.headers['x-trace-id']).toBe('trace-1');
    expect(sent.headers['authorization']).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDTEST\/\d{8}\/us-east-1\/bedrock\/aws4_request/);
    expect(sent.headers['x-amz-security-token']).toBe(SESSION);
    expect(JSON.stringify(sent.headers) + sent.bodyText).not.toContain(SECRET);
    expect(sent.body).toEqual({ messages: [{ role: 'user', content: [{ text: 'Hello' }] }] });
  });

  it('retries ServiceUnavailableException (503) and ThrottlingException with retry-after', async () => {
    await using server = await ProviderTestServer.start();
    const sleep = recordingSleep();
    server.enqueue(
      awsError(503, 'ServiceUnavailableException', 'Service unavailable'),
      awsError(429, 'ThrottlingException', 'Too many requests', { 'retry-after': '7' }),
      bedrockStream('text'),
    );
    const result = await collectModelStream(model(server.url, sleep).stream(request));
    expect(result.text).toBe('Hello, world!');
    expect(sleep.delays).toEqual([2000, 7000]);
  });

  it('gives up on ValidationException at once', async () => {
    await using server = await ProviderTestServer.start();
    server.setFallback(awsError(400, 'ValidationException', 'The provided model identifier is invalid.'));
    const error = await failure(collectModelStream(model(server.url).stream(request)));
    expect(error).toMatchObject({ name: 'APICallError', statusCode: 400, isRetryable: false });
    expect(ContextOverflowError.isInstance(error)).toBe(false);
    expect(server.requests).toHaveLength(1);
  });

  it.each(['validation-input-too-long', 'validation-prompt-too-long'])('maps the ValidationException of %s to ContextOverflowError, without retrying', async (fixture) => {
    await using server = await ProviderTestServer.start();
    const body = JSON.parse(readFileSync(new URL(`./__fixtures__/errors/${fixture}.json`, import.meta.url), 'utf8')) as { message: string };
    server.setFallback(awsError(400, 'ValidationException', body.message));
    const error = await failure(collectModelStream(model(server.url).stream(request)));
    expect(ContextOverflowError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ name: 'ContextOverflowError', code: 'CONTEXT_OVERFLOW', statusCode: 400, isRetryable: false });
    expect((error as Error).message).toContain(body.message);
    expect(server.requests).toHaveLength(1);
  });

  it('reports a ModelStreamErrorException after output as a retryable APICallError, without retrying', async () => {
    await using server = await ProviderTestServer.start();
    const [start, delta] = loadBedrockEvents('text');
    server.setFallback({
      type: 'raw',
      headers: { 'content-type': 'application/vnd.amazon.eventstream' },
      chunks: [encodeEventFrame(start!), encodeEventFrame(delta!), encodeExceptionFrame('modelStreamErrorException', 'Model stream error.')],
    });
    const parts: string[] = [];
    const error = await failure(
      (async () => {
        for await (const part of model(server.url).stream(request)) parts.push(part.type);
      })(),
    );
    expect(parts).toEqual(['text-start', 'text-delta']);
    expect(error).toMatchObject({ name: 'APICallError', statusCode: 424, isRetryable: true });
    expect((error as Error).message).toContain('ModelStreamErrorException');
    expect(server.requests).toHaveLength(1);
  });

  it('retries a stream that fails before its first part', async () => {
    await using server = await ProviderTestServer.start();
    const [start] = loadBedrockEvents('text');
    server.enqueue(
      {
        type: 'raw',
        headers: { 'content-type': 'application/vnd.amazon.eventstream' },
        chunks: [encodeEventFrame(start!), encodeExceptionFrame('throttlingException', 'Slow down.')],
      },
      bedrockStream('text'),
    );
    const result = await collectModelStream(model(server.url).stream(request));
    expect(result.text).toBe('Hello, world!');
    expect(server.requests).toHaveLength(2);
  });

  it('reports an unreachable endpoint as a retryable network failure', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address() as { port: number };
        probe.close(() => resolve(address.port));
      });
    });
    const sleep = recordingSleep();
    const error = await failure(collectModelStream(model(`http://127.0.0.1:${port}`, sleep).stream(request)));
    expect(error).toMatchObject({ name: 'APICallError', statusCode: undefined, isRetryable: true });
    expect(sleep.delays).toEqual([2000, 4000]);
  });

  it('throws IncompleteResponseError when the connection drops mid-stream', async () => {
    await using server = await ProviderTestServer.start();
    const response = bedrockStream('text');
    server.setFallback({ ...response, chunks: response.chunks.slice(0, 3), ending: 'destroy' });
    expect(IncompleteResponseError.isInstance(await failure(collectModelStream(model(server.url).stream(request))))).toBe(true);
  });

  it('asks for the region when none is configured', async () => {
    const saved = { region: process.env['AWS_REGION'], fallback: process.env['AWS_DEFAULT_REGION'] };
    delete process.env['AWS_REGION'];
    delete process.env['AWS_DEFAULT_REGION'];
    try {
      const error = await failure(collectModelStream(createBedrock({ endpoint: 'http://127.0.0.1:9' })('m').stream(request)));
      expect((error as Error).message).toMatch(/AWS_REGION/);
    } finally {
      if (saved.region !== undefined) process.env['AWS_REGION'] = saved.region;
      if (saved.fallback !== undefined) process.env['AWS_DEFAULT_REGION'] = saved.fallback;
    }
  });

  it('plugs into registerProvider / resolveModel, model ids with colons included', () => {
    const unregister = registerProvider('bedrock-test', createBedrock({ region: 'us-east-1' }));
    try {
      expect(resolveModel('bedrock-test:amazon.nova-pro-v1:0')).toMatchObject({ provider: 'bedrock', modelId: 'amazon.nova-pro-v1:0' });
    } finally {
      unregister();
    }
  });
});
