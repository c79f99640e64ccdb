import type { ToolContext } from '@tandem/core';

/** A ToolContext for calling `execute` directly in tests. */
export function fakeContext(overrides: Partial<ToolContext> = {}): ToolContext {
  return {
    toolCallId: 'call_1',
    toolName: 'test_tool',
    signal: new AbortController().signal,
    agent: { messages: [], cancel: () => undefined },
    messages: [],
    invocationState: {},
    requestState: {},
    attempt: 1,
    idempotencyKey: 'run_1:call_1',
    progress: () => undefined,
    emit: () => undefined,
    ...overrides,
  };
}
