import { EventType, type BaseEvent, type Interrupt, type RunFinishedOutcome } from '@ag-ui/core';
import type { AgentEvent, ToolResult } from '@tandem/core';
import { isDenial } from '../internal/denial.js';

type Emit = (event: BaseEvent) => void;

/** An approval the run is waiting for, as the run reports it. @internal */
export interface PendingApproval {
  readonly toolCallId: string;
  readonly toolName: string;
  readonly input: unknown;
}

/**
 * Turns a run's events into AG-UI events, keeping the protocol's pairing: each `*_START` gets its `*_END`
 * (closed before the step or the run ends), `TOOL_CALL_ARGS` carries the whole arguments when the model did
 * not stream them, and every tool result follows its call's `TOOL_CALL_END`. @internal
 */
export class AGUIEventMapper {
  private stepOpen: string | undefined;
  private readonly openText = new Map<string, 'text' | 'reasoning'>();
  private readonly openCalls = new Map<string, { args: boolean }>();
  private readonly ended = new Set<string>();
  private lastMessageId: string | undefined;
  readonly approvals = new Map<string, PendingApproval>();

  constructor(
    private readonly emit: Emit,
    private readonly threadId: string,
    private readonly runId: string,
  ) {}

  start(): void {
    this.emit({ type: EventType.RUN_STARTED, threadId: this.threadId, runId: this.runId });
  }

  event(event: AgentEvent): void {
    if (event.parentToolCallId !== undefined) {
      if (event.type === 'tool-approval-request') this.approvals.set(event.toolCallId, event);
      return;
    }
    switch (event.type) {
      case 'step-start':
        this.openStep(event.step);
        return;
      case 'step-end':
        this.closeStep();
        return;
      case 'text-start':
      case 'reasoning-start':
        this.openStep(event.step);
        this.openBlock(event.type === 'text-start' ? 'text' : 'reasoning', this.messageId(event.step, event.blockId));
        return;
      case 'text-delta':
      case 'reasoning-delta': {
        const kind = event.type === 'text-delta' ? 'text' : 'reasoning';
        const messageId = this.messageId(event.step, event.blockId);
        if (!this.openText.has(messageId)) {
          this.openStep(event.step);
          this.openBlock(kind, messageId);
        }
        if (event.chunk === '') return;
        this.emit({ type: kind === 'text' ? EventType.TEXT_MESSAGE_CONTENT : EventType.REASONING_MESSAGE_CONTENT, messageId, delta: event.chunk });
        return;
      }
      case 'text-end':
      case 'reasoning-end':
        this.closeBlock(this.messageId(event.step, event.blockId));
        return;
      case 'tool-start':
        this.openStep(event.step);
        this.startCall(event.toolCallId, event.toolName);
        return;
      case 'tool-delta': {
        const call = this.openCalls.get(event.toolCallId);
        if (call === undefined || event.chunk === '') return;
        call.args = true;
        this.emit({ type: EventType.TOOL_CALL_ARGS, toolCallId: event.toolCallId, delta: event.chunk });
        return;
      }
      case 'tool-end': {
        const { toolCallId, toolName, toolArgs } = event.toolCall;
        this.openStep(event.step);
        if (!this.openCalls.has(toolCallId) && !this.ended.has(toolCallId)) this.startCall(toolCallId, toolName);
        this.endCall(toolCallId, toolArgs);
        return;
      }
      case 'partial-tool-call-result':
        this.emit({ type: EventType.CUSTOM, name: 'tandem.partial-tool-call-result', value: { toolCallId: event.toolCallId, toolName: event.toolName, value: event.value, seq: event.seq } });
        return;
      case 'tool-call-result':
        this.result(event.result);
        return;
      case 'tool-approval-request':
        this.approvals.set(event.toolCallId, event);
        return;
      default:
        return;
    }
  }

  /** Closes what is open, then `RUN_FINISHED` with the outcome. */
  finish(outcome: RunFinishedOutcome): void {
    this.closeStep();
    this.emit({ type: EventType.RUN_FINISHED, threadId: this.threadId, runId: this.runId, outcome });
  }

  /** Closes what is open, then `RUN_ERROR`. */
  fail(message: string): void {
    this.closeStep();
    this.emit({ type: EventType.RUN_ERROR, message });
  }

  /** The interrupts of the approvals still pending: one per call, its id the `toolCallId`. */
  interrupts(pending: readonly PendingApproval[] = [...this.approvals.values()]): Interrupt[] {
    return pending.map((request) => ({
      id: request.toolCallId,
      toolCallId: request.toolCallId,
      reason: 'tool_approval',
      message: `Approve the call of ${request.toolName}?`,
      metadata: { toolName: request.toolName, input: request.input },
    }));
  }

  private result(result: ToolResult): void {
    this.approvals.delete(result.toolCallId);
    if (this.openCalls.has(result.toolCallId)) this.endCall(result.toolCallId, '');
    const content = typeof result.result === 'string' ? result.result : JSON.stringify(result.result ?? null);
    this.emit({
      type: EventType.TOOL_CALL_RESULT,
      messageId: `${result.toolCallId}:result`,
      toolCallId: result.toolCallId,
      role: 'tool',
      content: result.status === 'cancelled' ? 'The tool call was cancelled.' : content,
      ...(result.isError || isDenial(result) ? { metadata: { status: result.status } } : {}),
    });
  }

  private messageId(step: number, blockId: string): string {
    return `${this.runId}:${step}:${blockId}`;
  }

  private openStep(step: number): void {
    if (this.stepOpen !== undefined) return;
    this.stepOpen = `step-${step}`;
    this.emit({ type: EventType.STEP_STARTED, stepName: this.stepOpen });
  }

  private closeStep(): void {
    for (const messageId of [...this.openText.keys()]) this.closeBlock(messageId);
    for (const toolCallId of [...this.openCalls.keys()]) this.endCall(toolCallId, '');
    if (this.stepOpen === undefined) return;
    this.emit({ type: EventType.STEP_FINISHED, stepName: this.stepOpen });
    this.stepOpen = undefined;
  }

  private openBlock(kind: 'text' | 'reasoning', messageId: string): void {
    if (this.openText.has(messageId)) return;
    this.openText.set(messageId, kind);
    if (kind === 'text') {
      this.lastMessageId = messageId;
      this.emit({ type: EventType.TEXT_MESSAGE_START, messageId, role: 'assistant' });
    } else {
      this.emit({ type: EventType.REASONING_START, messageId });
      this.emit({ type: EventType.REASONING_MESSAGE_START, messageId, role: 'reasoning' });
    }
  }

  private closeBlock(messageId: string): void {
    const kind = this.openText.get(messageId);
    if (kind === undefined) return;
    this.openText.delete(messageId);
    if (kind === 'text') {
      this.emit({ type: EventType.TEXT_MESSAGE_END, messageId });
    } else {
      this.emit({ type: EventType.REASONING_MESSAGE_END, messageId });
      this.emit({ type: EventType.REASONING_END, messageId });
    }
  }

  private startCall(toolCallId: string, toolName: string): void {
    if (this.openCalls.has(toolCallId)) return;
    this.openCalls.set(toolCallId, { args: false });
    this.emit({ type: EventType.TOOL_CALL_START, toolCallId, toolCallName: toolName, ...(this.lastMessageId === undefined ? {} : { parentMessageId: this.lastMessageId }) });
  }

  private endCall(toolCallId: string, toolArgs: string): void {
    const call = this.openCalls.get(toolCallId);
    if (call === undefined) return;
    if (!call.args && toolArgs !== '') this.emit({ type: EventType.TOOL_CALL_ARGS, toolCallId, delta: toolArgs });
    this.openCalls.delete(toolCallId);
    this.ended.add(toolCallId);
    this.emit({ type: EventType.TOOL_CALL_END, toolCallId });
  }
}
