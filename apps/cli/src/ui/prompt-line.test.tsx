import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToString } from 'ink';
import { PromptLine } from './prompt-line.js';
import { TurnBlockView } from './turn-block-view.js';

describe('the active agent in the chat view', () => {
  it('names the agent in the prompt and in the working line once agents hand off', () => {
    expect(renderToString(createElement(PromptLine, { running: false, approval: undefined, value: 'hi', hint: undefined, agentName: 'billing' }))).toContain('billing › hi');
    expect(renderToString(createElement(PromptLine, { running: true, approval: undefined, value: '', hint: undefined, agentName: 'billing' }))).toContain('billing working…');
    const single = renderToString(createElement(PromptLine, { running: false, approval: undefined, value: 'hi', hint: undefined }));
    expect(single).toContain('› hi');
    expect(single).not.toContain('billing');
  });

  it('shows a handoff in the panel', () => {
    const text = renderToString(createElement(TurnBlockView, { block: { kind: 'handoff', step: 1, from: 'router', to: 'billing' }, calls: {}, now: 0 }));
    expect(text).toContain('router handed the conversation to billing');
  });
});
