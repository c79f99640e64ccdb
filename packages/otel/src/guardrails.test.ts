// A real Agent run with otel(): the model that answered (fallbackModel) on the chat span, guardrail checks as span events.
import { APICallError, Agent, fallbackModel } from '@tandem/core';
import { ScriptedModel, textResponse } from '@tandem/core/testing';
import { describe, expect, it } from 'vitest';
import { recordingTracer } from './__fixtures__/recording-tracer.js';
import { otel } from './otel.js';

describe('otel() with guardrails and fallbacks', () => {
  it('records the answering model on the chat span and each guardrail check on the run span', async () => {
    const tracing = recordingTracer();
    const primary = new ScriptedModel({
      provider: 'openai.responses',
      modelId: 'gpt-5',
      responses: [{ error: new APICallError({ message: 'overloaded', statusCode: 503, url: 'http://127.0.0.1/v1/responses' }) }],
    });
    const backup = new ScriptedModel({ provider: 'anthropic.messages', modelId: 'claude-sonnet-4-5', responses: [textResponse('Mail ada@example.com')] });
    const agent = new Agent({
      telemetry: otel({ tracer: tracing.tracer }),
      guardrails: {
        input: [{ name: 'topic', check: () => ({ tripwire: false }) }],
        output: [{ name: 'pii', check: ({ text }) => ({ tripwire: text.includes('@'), reason: 'e-mail address', replaceWith: '[redacted]' }) }],
      },
    });
    const result = await agent.run(fallbackModel([primary, backup]), 'Contact?').result;
    expect(result).toMatchObject({ stopReason: 'guardrail', text: '[redacted]' });
    expect(tracing.openNames()).toEqual([]);

    const chat = tracing.one('chat gpt-5');
    expect(chat.attributes).toMatchObject({ 'gen_ai.request.model': 'gpt-5', 'gen_ai.response.model': 'claude-sonnet-4-5', 'gen_ai.provider.name': 'anthropic' });
    const run = tracing.one('invoke_agent agent');
    expect(run.attributes).toMatchObject({ 'tandem.stop_reason': 'guardrail', 'tandem.guardrail.tripped': 'pii' });
    expect(run.events.filter((event) => event.name === 'guardrail').map((event) => event.attributes)).toEqual([
      { 'tandem.guardrail.name': 'topic', 'tandem.guardrail.stage': 'input', 'tandem.guardrail.tripwire': false },
      { 'tandem.guardrail.name': 'pii', 'tandem.guardrail.stage': 'output', 'tandem.guardrail.tripwire': true },
    ]);
  });
});
