// Drives a Telemetry the way the agent loop does, for tests that do not need an Agent.
import type { Message, ModelRequest, ToolCall, ToolResult } from '@tandem/core';

export const model = { provider: 'openai.responses', modelId: 'gpt-5' } as const;

export const user: Message = { role: 'user', parts: [{ type: 'text', text: 'Weather in Oslo and Lisbon?' }] };

export function request(messages: readonly Message[] = [user]): ModelRequest {
  return {
    messages,
    system: 'Be brief.',
    tools: [{ kind: 'function', name: 'weather', description: 'Weather for a city.', inputSchema: { type: 'object', properties: { city: { type: 'string' } } } }],
    temperature: 0.2,
    maxOutputTokens: 256,
    topP: 0.9,
    stopSequences: ['END'],
    seed: 7,
  };
}

export function call(id: string, city: string): ToolCall {
  return { toolCallId: id, toolName: 'weather', toolArgs: JSON.stringify({ city }), input: { city } };
}

export function result(call: ToolCall, status: ToolResult['status'], value: unknown): ToolResult {
  return {
    toolCallId: call.toolCallId,
    toolName: call.toolName,
    status,
    isError: status !== 'success',
    result: value,
    modelInput: { type: 'text', value: typeof value === 'string' ? value : JSON.stringify(value) },
  };
}

export function callMessage(calls: readonly ToolCall[]): Message {
  return {
    role: 'assistant',
    parts: calls.map((c) => ({ type: 'tool-call' as const, toolCallId: c.toolCallId, toolName: c.toolName, toolArgs: c.toolArgs, input: c.input })),
  };
}
