import assert from 'node:assert/strict';
import { collectModelStream } from './collect-model-stream.js';
import { assertExpectation, assertRequest, caseRequest, withHarness } from './contract-helpers.js';
import type { ContractCase, ContractTestApi, ProviderContractOptions } from './provider-contract-options.js';
import { rechunkingFetch } from './rechunking-fetch.js';
import type { TestServerResponse } from './test-server-response.js';

async function runCase(options: ProviderContractOptions, contractCase: ContractCase, label: string, fetchImpl?: typeof fetch, response?: TestServerResponse): Promise<void> {
  await withHarness(options, async ({ server, model }) => {
    server.enqueue(response ?? contractCase.response);
    const result = await collectModelStream(model(fetchImpl).stream(caseRequest(contractCase)));
    assertExpectation(result, contractCase.expected, label);
    assert.equal(server.requests.length, 1, `${label}: exactly one request`);
    assertRequest(options, server);
  });
}

/** Registers the successful-stream cases of the contract. */
export function registerStreamCases(api: ContractTestApi, options: ProviderContractOptions): void {
  const { it } = api;
  const { cases } = options;

  it('streams plain text', async () => {
    assert.ok(cases.text.expected.text !== undefined && cases.text.expected.text.length > 0, 'the text case must expect text');
    await runCase(options, cases.text, 'text');
  });

  it('streams one tool call', async () => {
    assert.equal(cases.toolCall.expected.toolCalls?.length, 1, 'the toolCall case must expect exactly one call');
    await runCase(options, cases.toolCall, 'toolCall');
  });

  it('streams parallel tool calls with distinct ids', async () => {
    assert.ok((cases.parallelToolCalls.expected.toolCalls?.length ?? 0) >= 2, 'the parallelToolCalls case must expect two or more calls');
    await runCase(options, cases.parallelToolCalls, 'parallelToolCalls');
  });

  it('streams a tool call without arguments as input {}', async () => {
    const calls = cases.toolCallWithoutArguments.expected.toolCalls ?? [];
    assert.ok(calls.length >= 1 && calls.every((c) => JSON.stringify(c.input) === '{}'), 'the case must expect calls with input {}');
    await runCase(options, cases.toolCallWithoutArguments, 'toolCallWithoutArguments');
  });

  const contractCase = cases.splitArgumentDeltas;
  it('reassembles argument deltas split mid-JSON-token', async () => {
    // The fixture itself must be a real test: several deltas and non-ASCII arguments.
    await withHarness(options, async ({ server, model }) => {
      server.enqueue(contractCase.response);
      const result = await collectModelStream(model().stream(caseRequest(contractCase)));
      const deltas = result.parts.filter((p) => p.type === 'tool-delta');
      assert.ok(deltas.length >= 2, 'the split case must stream its arguments in two or more deltas');
      const args = result.toolCalls.map((c) => c.toolArgs).join('');
      assert.ok(Buffer.byteLength(args, 'utf8') > args.length, 'the split case must have non-ASCII arguments');
      assertExpectation(result, contractCase.expected, 'splitArgumentDeltas');
    });
  });

  for (const size of options.splitChunkSizes ?? [1, 2, 3, 7]) {
    it(`decodes the response with its bytes re-chunked into ${size}-byte pieces (splitting UTF-8 anywhere)`, async () => {
      await runCase(options, contractCase, `splitArgumentDeltas (${size}-byte chunks)`, rechunkingFetch(size));
    });
  }

  const splitResponse = contractCase.response;
  if (typeof splitResponse !== 'function' && splitResponse.type === 'sse') {
    it('decodes the response when the server writes it in 5-byte pieces', async () => {
      await runCase(options, contractCase, 'splitArgumentDeltas (server writes 5-byte pieces)', undefined, { ...splitResponse, writeChunkSize: 5 });
    });
  }

  it('reports usage including cached input tokens', async () => {
    const cached = cases.usage.expected.usage?.cachedInputTokens;
    assert.ok(cached !== undefined && cached > 0, 'the usage case must expect cachedInputTokens > 0');
    await runCase(options, cases.usage, 'usage');
  });

  if (cases.reasoning !== undefined) {
    const reasoning = cases.reasoning;
    it('streams reasoning', async () => {
      assert.ok((reasoning.expected.reasoning ?? '').length > 0, 'the reasoning case must expect reasoning text');
      await runCase(options, reasoning, 'reasoning');
    });
  }

  for (const [reason, contractCase] of Object.entries(cases.finishReasons)) {
    if (contractCase === undefined) continue;
    it(`maps the vendor's finish reason to "${reason}"`, async () => {
      assert.equal(contractCase.expected.finishReason, reason, `the finishReasons.${reason} case must expect "${reason}"`);
      await runCase(options, contractCase, `finishReasons.${reason}`);
    });
  }
}
