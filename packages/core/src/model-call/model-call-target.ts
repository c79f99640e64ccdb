import type { AgentEvent, ToolCall } from '../events/agent-event.js';

/** Where events go and who hears about finished tool calls. @internal */
export interface ModelCallTarget {
  readonly runId: string;
  readonly step: number;
  emit(event: AgentEvent): void;
  onToolCall?(call: ToolCall): void;
}
