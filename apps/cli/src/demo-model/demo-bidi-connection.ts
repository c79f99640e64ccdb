import type { BidiConnection, BidiConnectRequest, BidiInput, BidiModelEvent, BidiSessionUpdate, Message, ToolDefinition, ToolResult } from '@tandem/core/spec';
import { planDemoTurn } from './plan-demo-turn.js';

/**
 * One `tandem voice` conversation with the offline demo model: typed turns are answered by the demo rules
 * (text only, no speech), tools a turn names are called as one group, results are narrated when they arrive,
 * and audio — which it cannot understand — is answered once with a hint. Events are queued until the agent
 * reads them; `close()` (or the request's signal) ends the stream. @internal
 */
export class DemoBidiConnection implements BidiConnection {
  private readonly queue: BidiModelEvent[] = [];
  private wake: (() => void) | undefined;
  private closed = false;
  private iterated = false;
  private tools: readonly ToolDefinition[];
  private responses = 0;
  private calls = 0;
  private toldAboutAudio = false;
  private readonly onAbort = (): void => void this.close();

  constructor(
    private readonly request: BidiConnectRequest,
    private readonly nextCallId: () => string,
  ) {
    this.tools = request.tools;
    request.signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  async send(input: BidiInput): Promise<void> {
    if (input.type === 'audio') {
      if (this.toldAboutAudio) return;
      this.toldAboutAudio = true;
      this.respond('I am the offline demo model and cannot understand speech; type your turn instead.');
      return;
    }
    if (input.type !== 'text') return; // images and context notes: nothing the demo rules answer
    const message: Message = { role: 'user', parts: [{ type: 'text', text: input.text }] };
    const plan = planDemoTurn({ tools: this.tools, messages: [message] });
    if (plan.kind !== 'call-tools') {
      this.respond(plan.text);
      return;
    }
    this.respond(plan.text, {
      type: 'tool-group',
      calls: plan.calls.map((call) => ({ toolCallId: this.nextCallId(), toolName: call.toolName, toolArgs: JSON.stringify(call.input) })),
    });
  }

  async sendToolResults(results: readonly ToolResult[]): Promise<void> {
    const message: Message = {
      role: 'tool',
      parts: results.map(({ toolCallId, toolName, status, result, modelInput }) => ({ type: 'tool-result', toolCallId, toolName, status, result, modelInput })),
    };
    this.respond(planDemoTurn({ tools: [], messages: [message] }).text);
  }

  /** A live update (a handoff, `agent.update()`): later turns see the new tools. */
  async update(update: BidiSessionUpdate): Promise<void> {
    if (update.tools !== undefined) this.tools = update.tools;
  }

  events(): AsyncIterable<BidiModelEvent> {
    if (this.iterated) throw new Error('DemoBidiConnection: events() may be iterated only once.');
    this.iterated = true;
    return { [Symbol.asyncIterator]: () => this.iterate() };
  }

  async close(): Promise<void> {
    this.request.signal?.removeEventListener('abort', this.onAbort);
    this.closed = true;
    this.wake?.();
  }

  private async *iterate(): AsyncGenerator<BidiModelEvent> {
    for (;;) {
      const event = this.queue.shift();
      if (event !== undefined) {
        yield event;
        continue;
      }
      if (this.closed) return;
      await new Promise<void>((resolve) => (this.wake = resolve));
      this.wake = undefined;
    }
  }

  /** Queues one response (its text as the transcript), then the tool group it asks for, when given. */
  private respond(text: string, group?: Extract<BidiModelEvent, { type: 'tool-group' }>): void {
    if (this.closed) return;
    const responseId = `demo_voice_resp_${String(++this.responses)}`;
    this.queue.push({ type: 'response-start', responseId });
    if (text !== '') this.queue.push({ type: 'transcript', role: 'assistant', delta: text, final: false, responseId });
    this.queue.push({ type: 'transcript', role: 'assistant', delta: '', final: true, responseId });
    this.queue.push({ type: 'response-end', responseId, stopReason: 'complete' });
    if (group !== undefined) this.queue.push(group);
    this.wake?.();
  }
}
