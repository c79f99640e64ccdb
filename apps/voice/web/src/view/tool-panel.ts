import type { ServerMessage, WireToolResult } from '../wire.js';

/** A tool call's state, in the words the panel shows (`approval`: waiting for the user's approval). */
export type ToolCallState = 'running' | 'approval' | 'done' | 'error';

interface CallView {
  readonly element: HTMLElement;
  readonly startedAt: number;
  state: ToolCallState;
  /** When it began waiting for approval (page clock), while it waits. */
  waitingSince?: number;
}

/** Sends the user's answer to a call waiting for approval; false when it could not be sent (not connected). */
export type ApprovalAnswerer = (toolCallId: string, approved: boolean) => boolean;

interface GroupView {
  readonly element: HTMLElement;
  readonly calls: HTMLElement;
  readonly startedAt: number;
  done: boolean;
}

const MAX_TEXT = 400;

/**
 * The tool panel: every tool group the model started, each call's name, arguments, state in words
 * (`running`, then `done` or `error`), partial results as they stream in, the result and how long it
 * took — updated live while the conversation goes on. Durations come from the events' metrics; while
 * a call runs, the page's own clock counts up. A call that needs approval shows `waiting for approval`
 * with Approve/Deny buttons (the user may also answer out loud: the spoken answer and the words it was
 * given in replace the buttons), and how long it waited apart from how long it ran.
 */
export class ToolPanel {
  /** The latest finished call: its name and duration from the event metrics. */
  lastResult: { readonly toolName: string; readonly durationMs: number } | undefined;
  private readonly container: HTMLElement;
  private readonly groups = new Map<string, GroupView>();
  private readonly calls = new Map<string, CallView>();
  private groupCount = 0;
  private readonly answer: ApprovalAnswerer;

  constructor(container: HTMLElement, answer: ApprovalAnswerer = () => false) {
    this.container = container;
    this.answer = answer;
  }

  handle(message: ServerMessage): void {
    switch (message.type) {
      case 'tool-start':
        this.start(message.groupId, message.toolCallId, message.toolName);
        return;
      case 'tool-end': {
        const call = this.calls.get(message.toolCall.toolCallId);
        if (call !== undefined) this.field(call.element, 'args').textContent = shorten(message.toolCall.input === undefined ? message.toolCall.toolArgs : JSON.stringify(message.toolCall.input));
        return;
      }
      case 'partial-tool-call-result': {
        const call = this.calls.get(message.toolCallId);
        if (call === undefined) return;
        const item = document.createElement('li');
        item.textContent = shorten(typeof message.value === 'string' ? message.value : JSON.stringify(message.value));
        this.field(call.element, 'partials').append(item);
        call.element.dataset.partials = String(this.field(call.element, 'partials').children.length);
        return;
      }
      case 'tool-retry': {
        const call = this.calls.get(message.toolCallId);
        if (call !== undefined) this.field(call.element, 'state').textContent = `running (retry ${String(message.attempt)})`;
        return;
      }
      case 'tool-approval-request':
        this.awaitApproval(message.toolCallId, message.toolName);
        return;
      case 'tool-approval-response':
        this.answered(message.toolCallId, message.approved, `${message.approved ? 'approved' : 'denied'} by voice: “${shorten(message.transcript)}”`);
        return;
      case 'tool-call-result':
        for (const result of message.results) this.finish(result, message.metrics.durationMs);
        return;
      case 'tool-group-complete':
        this.completeGroup(message.groupId, message.results, message.metrics.durationMs);
        return;
      default:
        return;
    }
  }

  /** Updates the running durations (call every ~100 ms). */
  tick(now: number): void {
    for (const call of this.calls.values()) {
      if (call.state === 'running') this.field(call.element, 'duration').textContent = seconds(now - call.startedAt);
      if (call.state === 'approval' && call.waitingSince !== undefined) this.field(call.element, 'duration').textContent = `waiting ${seconds(now - call.waitingSince)}`;
    }
    for (const group of this.groups.values()) {
      if (!group.done) this.field(group.element, 'group-duration').textContent = seconds(now - group.startedAt);
    }
  }

  /**
   * The conversation ended (or the connection was lost): calls still shown as running are marked as
   * errors with `reason`, and ids are forgotten — the next conversation numbers its groups afresh.
   */
  endConversation(reason: string): void {
    for (const call of this.calls.values()) {
      if (call.state !== 'running' && call.state !== 'approval') continue;
      this.closeApproval(call);
      this.setState(call, 'error', 'error (stopped)');
      this.field(call.element, 'result').textContent = reason;
    }
    for (const group of this.groups.values()) {
      if (group.done) continue;
      group.done = true;
      group.element.dataset.state = 'error';
      this.field(group.element, 'group-state').textContent = 'stopped';
    }
    this.calls.clear();
    this.groups.clear();
  }

  private start(groupId: string, toolCallId: string, toolName: string): void {
    const group = this.groups.get(groupId) ?? this.addGroup(groupId);
    const element = template(`
      <div class="call">
        <div class="call-head"><span class="name"></span><span class="state"></span><span class="duration"></span></div>
        <code class="args">…</code>
        <div class="approval" hidden></div>
        <ol class="partials"></ol>
        <div class="result"></div>
      </div>`);
    element.dataset.toolCallId = toolCallId;
    element.dataset.toolName = toolName;
    this.field(element, 'name').textContent = toolName;
    group.calls.append(element);
    const call: CallView = { element, startedAt: performance.now(), state: 'running' };
    this.calls.set(toolCallId, call);
    this.setState(call, 'running');
    this.field(group.element, 'count').textContent = `${String(group.calls.children.length)} ${group.calls.children.length === 1 ? 'call' : 'calls'}`;
  }

  private addGroup(groupId: string): GroupView {
    const element = template(`
      <section class="group">
        <div class="group-head"><span class="title"></span> · <span class="count"></span> · <span class="group-state">running</span> · <span class="group-duration"></span></div>
        <div class="calls"></div>
      </section>`);
    element.dataset.groupId = groupId;
    element.dataset.state = 'running';
    this.field(element, 'title').textContent = `Group ${String(++this.groupCount)}`;
    this.container.prepend(element);
    const group: GroupView = { element, calls: this.field(element, 'calls'), startedAt: performance.now(), done: false };
    this.groups.set(groupId, group);
    return group;
  }

  private awaitApproval(toolCallId: string, toolName: string): void {
    const call = this.calls.get(toolCallId);
    if (call === undefined) return;
    call.waitingSince = performance.now();
    this.setState(call, 'approval', 'waiting for approval');
    const box = this.field(call.element, 'approval');
    box.hidden = false;
    box.replaceChildren();
    const question = document.createElement('span');
    question.className = 'question';
    question.textContent = `Run ${toolName}? Answer here or out loud.`;
    const button = (label: string, approved: boolean): HTMLButtonElement => {
      const element = document.createElement('button');
      element.type = 'button';
      element.className = approved ? 'approve' : 'deny';
      element.textContent = label;
      element.addEventListener('click', () => {
        if (call.state !== 'approval') return;
        if (this.answer(toolCallId, approved)) this.answered(toolCallId, approved, `${approved ? 'approved' : 'denied'} in the page`);
      });
      return element;
    };
    box.append(question, button('Approve', true), button('Deny', false));
  }

  /** The call's approval was answered (`how`, in words): it runs now, or waits for its denied result. */
  private answered(toolCallId: string, approved: boolean, how: string): void {
    const call = this.calls.get(toolCallId);
    if (call === undefined || call.state !== 'approval') return;
    this.closeApproval(call);
    const box = this.field(call.element, 'approval');
    box.hidden = false;
    box.textContent = how;
    call.element.dataset.approval = approved ? 'approved' : 'denied';
    this.setState(call, 'running', approved ? 'running' : 'denied');
  }

  /** Stops the approval wait: records how long it lasted, and removes the buttons. */
  private closeApproval(call: CallView): void {
    if (call.waitingSince !== undefined) {
      const waited = performance.now() - call.waitingSince;
      call.element.dataset.waitedMs = String(Math.round(waited));
      this.field(call.element, 'args').title = `waited ${seconds(waited)} for approval`;
      call.waitingSince = undefined;
    }
    for (const element of call.element.querySelectorAll('.approval button')) element.remove();
  }

  private finish(result: WireToolResult, durationMs: number): void {
    const call = this.calls.get(result.toolCallId);
    if (call === undefined) return;
    this.closeApproval(call);
    const state: ToolCallState = result.status === 'success' ? 'done' : 'error';
    this.setState(call, state, result.status === 'cancelled' ? 'error (cancelled)' : state);
    this.field(call.element, 'result').textContent = shorten(resultText(result));
    const waited = Number(call.element.dataset.waitedMs ?? '0');
    this.field(call.element, 'duration').textContent = waited > 0 ? `${seconds(durationMs)} (waited ${seconds(waited)})` : seconds(durationMs);
    call.element.dataset.durationMs = String(Math.round(durationMs));
    this.lastResult = { toolName: result.toolName, durationMs };
  }

  private completeGroup(groupId: string, results: readonly WireToolResult[], durationMs: number): void {
    const group = this.groups.get(groupId);
    if (group === undefined) return;
    group.done = true;
    const state = results.every((result) => result.status === 'success') ? 'done' : 'error';
    group.element.dataset.state = state;
    this.field(group.element, 'group-state').textContent = state;
    this.field(group.element, 'group-duration').textContent = seconds(durationMs);
  }

  private setState(call: CallView, state: ToolCallState, words: string = state): void {
    call.state = state;
    call.element.dataset.state = state;
    this.field(call.element, 'state').textContent = words;
  }

  private field(element: HTMLElement, name: string): HTMLElement {
    return element.querySelector(`.${name}`) as HTMLElement;
  }
}

function resultText(result: WireToolResult): string {
  const input = result.modelInput;
  if (input?.type === 'text' && typeof input.value === 'string') return input.value;
  if (input?.type === 'json') return JSON.stringify(input.value);
  return typeof result.result === 'string' ? result.result : JSON.stringify(result.result);
}

function template(html: string): HTMLElement {
  const holder = document.createElement('template');
  holder.innerHTML = html.trim();
  return holder.content.firstElementChild as HTMLElement;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}

function shorten(text: string): string {
  return text.length <= MAX_TEXT ? text : `${text.slice(0, MAX_TEXT - 1)}…`;
}
