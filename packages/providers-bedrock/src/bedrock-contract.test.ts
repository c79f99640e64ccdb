import { describe, it } from 'vitest';
import { runProviderContract } from '@tandem/core/testing';
import { createBedrock } from './bedrock-provider.js';
import { bedrockStream } from './test-utils/bedrock-fixture.js';

const EXCEPTION: { readonly [status: number]: string } = {
  400: 'ValidationException',
  401: 'UnrecognizedClientException',
  429: 'ThrottlingException',
  500: 'InternalServerException',
};

// The SDK speaks HTTP itself (its own handler, SigV4), so the suite's `fetch` is not used; the split case
// instead serves the binary frames cut into 5-byte pieces, splitting frames, JSON and UTF-8 characters.
runProviderContract(
  { describe, it },
  {
    name: 'bedrock.converse-stream',
    basePath: '',
    apiKey: null,
    createModel: ({ baseURL, sleep, maxRetries }) =>
      createBedrock({
        region: 'us-east-1',
        endpoint: baseURL,
        credentials: { accessKeyId: 'AKIDCONTRACTTEST', secretAccessKey: 'contract-secret-access-key' },
        sleep,
        maxRetries,
      })('amazon.nova-pro-v1:0'),
    expectedRequest: { path: '/model/amazon.nova-pro-v1%3A0/converse-stream' },
    errorBody: (status, message) => ({ __type: EXCEPTION[status] ?? 'UnknownException', message }),
    cases: {
      text: { response: bedrockStream('text'), expected: { text: 'Hello, world!', finishReason: 'stop', usage: { inputTokens: 12, outputTokens: 6 } } },
      toolCall: {
        response: bedrockStream('tool-call'),
        expected: { text: 'Let me check the weather.', toolCalls: [{ toolName: 'weather', input: { city: 'San Francisco' } }], finishReason: 'tool-calls' },
      },
      parallelToolCalls: {
        response: bedrockStream('parallel-tool-calls'),
        expected: {
          toolCalls: [
            { toolName: 'weather', input: { city: 'Paris' } },
            { toolName: 'current_time', input: {} },
          ],
          finishReason: 'tool-calls',
        },
      },
      toolCallWithoutArguments: {
        response: bedrockStream('tool-call-no-args'),
        expected: { toolCalls: [{ toolName: 'current_time', input: {} }], finishReason: 'tool-calls' },
      },
      splitArgumentDeltas: {
        response: bedrockStream('utf8', 5),
        expected: { text: 'Grüße aus 東京 🌸', toolCalls: [{ toolName: 'weather', input: { city: 'Zürich 東京 🌸' } }], finishReason: 'tool-calls' },
      },
      usage: {
        response: bedrockStream('cached-usage'),
        expected: { text: 'Cached answer.', finishReason: 'stop', usage: { inputTokens: 1767, outputTokens: 5, cachedInputTokens: 1763 } },
      },
      reasoning: {
        response: bedrockStream('reasoning'),
        expected: {
          reasoning: 'I need the GCD of 1071 and 462. Euclid: 1071 = 2 × 462 + 147; 462 = 3 × 147 + 21; 147 = 7 × 21.',
          text: 'The GCD is 21.',
          finishReason: 'stop',
        },
      },
      finishReasons: {
        stop: { response: bedrockStream('finish-stop_sequence'), expected: { finishReason: 'stop' } },
        length: { response: bedrockStream('finish-max_tokens'), expected: { text: 'Partial', finishReason: 'length' } },
        'tool-calls': { response: bedrockStream('tool-call'), expected: { finishReason: 'tool-calls' } },
        'content-filter': { response: bedrockStream('finish-guardrail_intervened'), expected: { finishReason: 'content-filter' } },
        error: { response: bedrockStream('finish-malformed_tool_use'), expected: { finishReason: 'error' } },
      },
    },
  },
);
