import { describe, expectTypeOf, it } from 'vitest';
import type { McpToolsetLike } from './__fixtures__/types-kit.js';
import { BidiAgent } from './bidi-agent.js';
import type { BidiAgentOptions } from './bidi-agent-options.js';
import type { BidiEventOf } from './bidi-event.js';
import type { BidiModel } from '@tandem/core/spec';

describe('BidiAgent types', () => {
  it('model is a BidiModel or a provider:model-id string; agent.model is always a BidiModel', () => {
    expectTypeOf<BidiAgentOptions['model']>().toEqualTypeOf<BidiModel | string>();
    expectTypeOf(new BidiAgent({ model: 'openai:gpt-realtime' }).model).toEqualTypeOf<BidiModel>();
  });

  it('approve and deny take a call id (and a reason); the approval request event carries its group and input', () => {
    const agent = new BidiAgent({ model: 'openai:gpt-realtime' });
    expectTypeOf(agent.approve).toEqualTypeOf<(toolCallId: string) => void>();
    expectTypeOf(agent.deny).toEqualTypeOf<(toolCallId: string, reason?: string) => void>();
    // The agent's own event (a nested agent's has `parentToolCallId` and no group).
    type Own = Extract<BidiEventOf<'tool-approval-request'>, { readonly parentToolCallId?: undefined }>;
    expectTypeOf<Own>().toMatchTypeOf<{ groupId: string; toolCallId: string; toolName: string; input: unknown }>();
  });

  it('tools take live lists (an McpToolset) as the list or inside it', () => {
    expectTypeOf<McpToolsetLike>().toMatchTypeOf<NonNullable<BidiAgentOptions['tools']>>();
    expectTypeOf<[McpToolsetLike]>().toMatchTypeOf<NonNullable<BidiAgentOptions['tools']>>();
  });
});
