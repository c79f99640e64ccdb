import { ScriptedBidiModel } from '@tandem/core/testing';
import { describe, expect, it } from 'vitest';
import { BidiAgent } from './bidi-agent.js';

describe('new BidiAgent() options', () => {
  it('names an unknown option and the one meant, as new Agent() does', () => {
    const model = new ScriptedBidiModel();
    expect(() => new BidiAgent({ model, instructions: 'Be brief.' } as never)).toThrow(
      /^new BidiAgent\(\): unknown option `instructions`\. Did you mean `system`\? Known options: model, name, /,
    );
    expect(() => new BidiAgent({ model, history: [] } as never)).toThrow(/Did you mean `messages`\?/);
    expect(() => new BidiAgent({ model, system: 'Be brief.', cancelGraceMs: 100, stopGraceMs: 100 })).not.toThrow();
  });

});
