import type { AgentEvent, AgentResult, ToolResult } from '@tandem/core';
import { bytesToBase64 } from '../internal/base64.js';
import { isDenial } from '../internal/denial.js';
import type { UIMessageChunk } from './ui-message-chunk.js';

type Emit = (chunk: UIMessageChunk) => void;
type FinishReason = Extract<UIMessageChunk, { type: 'finish' }>['finishReason'];

/**
 * Turns a run's events into UI message chunks, one event at a time, keeping only what the protocol needs
 * to stay well-formed: the open text/reasoning blocks (closed before a step ends), the calls whose input
 * was announced (so a result never precedes its call), and whether a step is open. @internal
 */
export class UIChunkMapper {
  private stepOpen = false;
  private readonly openBlocks = new Map<string, 'text' | 'reasoning'>();
  private readonly announced = new Set<string>();

  constructor(private readonly emit: Emit) {}

  start(messageId: string): void {
    this.emit({ type: 'start', messageId });
  }

  event(event: AgentEvent): void {
    if (event.parentToolCallId !== undefined) return this.nested(event);
    switch (event.type) {
      case 'step-start':
        this.openStep();
        return;
      case 'step-end':
        this.closeStep();
        return;
      case 'text-start':
      case 'reasoning-start': {
        this.openStep();
        const kind = event.type === 'text-start' ? 'text' : 'reasoning';
        const id = blockId(event.step, event.blockId);
        this.openBlocks.set(id, kind);
        this.emit({ type: `${kind}-start`, id });
        return;
      }
      case 'text-delta':
      case 'reasoning-delta': {
        const kind = event.type === 'text-delta' ? 'text' : 'reasoning';
        const id = blockId(event.step, event.blockId);
        if (!this.openBlocks.has(id)) {
          this.openStep();
          this.openBlocks.set(id, kind);
          this.emit({ type: `${kind}-start`, id });
        }
        this.emit({ type: `${kind}-delta`, id, delta: event.chunk });
        return;
      }
      case 'text-end':
      case 'reasoning-end': {
        const id = blockId(event.step, event.blockId);
        const kind = this.openBlocks.get(id);
        if (kind === undefined) return;
        this.openBlocks.delete(id);
        this.emit({ type: `${kind}-end`, id });
        return;
      }
      case 'tool-start':
        this.openStep();
        this.announced.add(event.toolCallId);
        this.emit({ type: 'tool-input-start', toolCallId: event.toolCallId, toolName: event.toolName });
        return;
      case 'tool-delta':
        if (this.announced.has(event.toolCallId)) this.emit({ type: 'tool-input-delta', toolCallId: event.toolCallId, inputTextDelta: event.chunk });
        return;
      case 'tool-end': {
        this.openStep();
        const { toolCallId, toolName, toolArgs, input } = event.toolCall;
        this.announced.add(toolCallId);
        if (input === undefined && toolArgs.trim() !== '') {
          this.emit({ type: 'tool-input-error', toolCallId, toolName, input: toolArgs, errorText: 'The model sent arguments that are not valid JSON.' });
        } else {
          this.emit({ type: 'tool-input-available', toolCallId, toolName, input: input ?? {} });
        }
        return;
      }
      case 'builtin-tool-call':
        this.openStep();
        this.announced.add(event.toolCallId);
        this.emit({ type: 'tool-input-available', toolCallId: event.toolCallId, toolName: event.toolName, input: parseOr(event.toolArgs), providerExecuted: true, dynamic: true });
        return;
      case 'builtin-tool-result':
        if (!this.announced.has(event.toolCallId)) return;
        this.emit(
          event.isError === true
            ? { type: 'tool-output-error', toolCallId: event.toolCallId, errorText: textOf(event.result), providerExecuted: true, dynamic: true }
            : { type: 'tool-output-available', toolCallId: event.toolCallId, output: event.result, providerExecuted: true, dynamic: true },
        );
        return;
      case 'file':
        this.openStep();
        this.emit({ type: 'file', mediaType: event.mediaType, url: `data:${event.mediaType};base64,${bytesToBase64(event.data)}` });
        return;
      case 'partial-tool-call-result':
        this.emit({ type: 'tool-output-available', toolCallId: event.toolCallId, output: event.value, preliminary: true });
        return;
      case 'tool-call-result':
        this.result(event.result);
        return;
      case 'tool-approval-request':
        this.emit({ type: 'tool-approval-request', approvalId: event.toolCallId, toolCallId: event.toolCallId });
        return;
      default:
        return;
    }
  }

  /** The run ended: close what is open, then `finish` (or `abort` for a cancelled run). */
  finish(result: Pick<AgentResult, 'stopReason'>): void {
    this.closeStep();
    if (result.stopReason === 'cancelled') this.emit({ type: 'abort', reason: 'The run was cancelled.' });
    this.emit({ type: 'finish', finishReason: finishReason(result.stopReason) });
  }

  /** The run failed (`run.result` rejected): close what is open, then `error`. */
  fail(errorText: string): void {
    this.closeStep();
    this.emit({ type: 'error', errorText });
  }

  private result(result: ToolResult): void {
    const { toolCallId } = result;
    if (result.status === 'success') {
      this.emit({ type: 'tool-output-available', toolCallId, output: result.result });
    } else if (isDenial(result)) {
      this.emit({ type: 'tool-output-denied', toolCallId });
    } else {
      this.emit({ type: 'tool-output-error', toolCallId, errorText: result.status === 'cancelled' ? 'The tool call was cancelled.' : textOf(result.result) });
    }
  }

  /**
   * A nested run's events stay inside its tool call (its streamed result), except approval requests: the
   * user must see and answer those, so the nested call is shown as a tool of its own.
   */
  private nested(event: AgentEvent): void {
    if (event.type !== 'tool-approval-request') return;
    this.openStep();
    this.emit({ type: 'tool-input-available', toolCallId: event.toolCallId, toolName: event.toolName, input: event.input ?? {}, dynamic: true });
    this.emit({ type: 'tool-approval-request', approvalId: event.toolCallId, toolCallId: event.toolCallId });
  }

  private openStep(): void {
    if (this.stepOpen) return;
    this.stepOpen = true;
    this.emit({ type: 'start-step' });
  }

  private closeStep(): void {
    for (const [id, kind] of this.openBlocks) this.emit({ type: `${kind}-end`, id });
    this.openBlocks.clear();
    if (!this.stepOpen) return;
    this.stepOpen = false;
    this.emit({ type: 'finish-step' });
  }
}

function blockId(step: number, id: string): string {
  return `${step}:${id}`;
}

function parseOr(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function finishReason(stopReason: string): FinishReason {
  switch (stopReason) {
    case 'endTurn':
      return 'stop';
    // A run paused for approvals ends as `ai` ends a step that asks for them: `tool-calls`. (`interrupted` means
    // something else to useChat: it stops automatic sends, so the page's answer would never go out.)
    case 'toolUse':
    case 'maxSteps':
    case 'interrupted':
      return 'tool-calls';
    case 'maxTokens':
      return 'length';
    case 'contentFilter':
      return 'content-filter';
    case 'error':
      return 'error';
    default:
      return 'other';
  }
}
