import { describe, expect, it } from 'vitest';
import { Agent } from '../agent/agent.js';
import { ScriptedModel } from '../testing/scripted-model.js';
import { textResponse, toolCallResponse } from '../testing/responses.js';
import { fnTool } from '../__fixtures__/fixtures.js';
import { errorText } from './error-text.js';

/** A value whose every trap throws: reading anything of it, or converting it, fails. */
function hostile(): unknown {
  const trap = (): never => {
    throw new Error('trap');
  };
  return new Proxy(
    {},
    { get: trap, has: trap, getPrototypeOf: trap, ownKeys: trap, getOwnPropertyDescriptor: trap, apply: trap, construct: trap },
  );
}

describe('a tool that throws a hostile value', () => {
  it('errorText never throws, whatever it is given', () => {
    expect(errorText(hostile())).toBe('Error: (a thrown value that cannot be described)');
    const revoked = Proxy.revocable({}, {});
    revoked.revoke();
    expect(typeof errorText(revoked.proxy)).toBe('string');
    expect(errorText(Object.create(null))).toBe('Error: [object Object]');
  });

  it('becomes an error result: the run goes on and the call is paired', async () => {
    const thrown = hostile();
    const evil = fnTool('evil', () => {
      throw thrown;
    });
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'evil', id: 'E' }]), textResponse('recovered')] });
    const result = await new Agent({ tools: [evil], toolExecution: {} }).run(model, 'go').result;
    expect(result.text).toBe('recovered');
    const tool = result.messages.find((message) => message.role === 'tool');
    expect(tool?.parts[0]).toMatchObject({ toolCallId: 'E', status: 'error', result: 'Error: (a thrown value that cannot be described)' });
  });

  it('also with a retry policy whose retryOn reads the value', async () => {
    const evil = fnTool(
      'evil',
      () => {
        throw hostile();
      },
      { config: { retry: { maxAttempts: 2, initialDelayMs: 0, retryOn: (error) => (error as { code?: string }).code === 'x' } } },
    );
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'evil', id: 'E' }]), textResponse('ok')] });
    const result = await new Agent({ tools: [evil] }).run(model, 'go').result;
    expect(result.messages.find((message) => message.role === 'tool')?.parts[0]).toMatchObject({ status: 'error' });
  });
});
