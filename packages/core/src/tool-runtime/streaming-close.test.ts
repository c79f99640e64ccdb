import { describe, expect, it } from 'vitest';
import { Agent } from '../agent/agent.js';
import { ScriptedModel } from '../testing/scripted-model.js';
import { textResponse, toolCallResponse } from '../testing/responses.js';
import { collect, deferred, fnTool, ofType } from '../__fixtures__/fixtures.js';

class StrictText {
  private text = '';
  feed(item: unknown): void {
    if (typeof item !== 'string') throw new TypeError(`expected a string, got ${typeof item}`);
    this.text += item;
  }
  snapshot(): string {
    return this.text;
  }
  static toModelInput(snapshot: string): string {
    return snapshot;
  }
}

describe('streaming tools are closed when their aggregation fails', () => {
  it('an aggregator that rejects a yielded item stops the generator (its finally runs); the partial stays', async () => {
    const closed = deferred();
    const tool = fnTool(
      'draft',
      async function* () {
        try {
          yield 'Checking ';
          yield 42;
          yield 'never';
        } finally {
          closed.resolve();
        }
      },
      { aggregator: StrictText },
    );
    const model = new ScriptedModel({ responses: [toolCallResponse([{ name: 'draft', id: 'D' }]), textResponse('ok')] });
    const events = await collect(new Agent({ tools: [tool] }).run(model, 'go'));
    await closed.promise;
    expect(ofType(events, 'partial-tool-call-result').map((event) => event.value)).toEqual(['Checking ']);
    expect(ofType(events, 'tool-call-result')[0]?.results[0]).toMatchObject({
      status: 'error',
      result: 'TypeError: expected a string, got number (partial result before the error: "Checking ")',
    });
  });
});
