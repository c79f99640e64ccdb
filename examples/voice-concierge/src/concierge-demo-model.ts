import type {
  BidiConnectRequest,
  BidiConnection,
  BidiInput,
  BidiModel,
  BidiModelEvent,
  BidiSessionUpdate,
  ToolDefinition,
  ToolResult,
} from '@tandem/core/spec';

/**
 * An offline realtime model for the concierge demo: it answers typed turns with transcripts (no audio)
 * and calls tools by simple rules — "restaurant" calls `search_restaurants`, "book" hands off with
 * `transfer_to_booking` or, once the booking agent's tools are live, calls `book_table` — and it narrates
 * tool results. It takes live updates (`connection.update()`), as OpenAI Realtime does, so a handoff
 * switches instructions and tools without a reconnect. Deterministic: ids count up per model.
 *
 * @example
 * ```ts
 * const agent = createConcierge({ model: conciergeDemoModel() });
 * ```
 */
export function conciergeDemoModel(): BidiModel {
  let calls = 0;
  let responses = 0;
  return {
    specificationVersion: 'v1',
    provider: 'demo',
    modelId: 'concierge-demo',
    capabilities: { truncation: false, nativeAsyncTools: true, resumption: false, liveUpdate: true, delivery: [] },
    audio: { inputRate: 16_000, outputRate: 24_000, channels: 1 },
    connect: async (request) => new DemoConnection(request, { call: () => `call_${String(++calls)}`, response: () => `resp_${String(++responses)}` }),
  };
}

interface Ids {
  call(): string;
  response(): string;
}

class DemoConnection implements BidiConnection {
  private tools: readonly ToolDefinition[];
  private readonly queue: BidiModelEvent[] = [];
  private wake: (() => void) | undefined;
  private closed = false;

  constructor(
    request: BidiConnectRequest,
    private readonly ids: Ids,
  ) {
    this.tools = request.tools;
  }

  async send(input: BidiInput): Promise<void> {
    if (input.type !== 'text') return;
    const text = input.text.toLowerCase();
    if (text.includes('restaurant') && this.has('search_restaurants')) this.call('search_restaurants', { cuisine: 'italian' }, 'Let me look for Italian places.');
    else if (text.includes('book') && this.has('transfer_to_booking')) this.call('transfer_to_booking', {}, 'I will put you through to our booking desk.');
    else if (text.includes('book') && this.has('book_table')) this.call('book_table', { restaurant: 'Trattoria Roma', time: '20:00', people: 2 }, 'Booking that for you.');
    else this.say('How can I help?');
  }

  async sendToolResults(results: readonly ToolResult[]): Promise<void> {
    for (const result of results) this.say(modelText(result));
  }

  async update(update: BidiSessionUpdate): Promise<void> {
    if (update.tools !== undefined) this.tools = update.tools;
  }

  async *events(): AsyncIterable<BidiModelEvent> {
    for (;;) {
      const event = this.queue.shift();
      if (event !== undefined) {
        yield event;
        continue;
      }
      if (this.closed) return;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wake?.();
  }

  private has(name: string): boolean {
    return this.tools.some((tool) => tool.kind === 'function' && tool.name === name);
  }

  private call(toolName: string, input: unknown, saying: string): void {
    this.emit({ type: 'tool-group', calls: [{ toolCallId: this.ids.call(), toolName, toolArgs: JSON.stringify(input) }] });
    this.say(saying);
  }

  private say(text: string): void {
    const responseId = this.ids.response();
    this.emit(
      { type: 'response-start', responseId },
      { type: 'transcript', role: 'assistant', delta: text, final: true, responseId },
      { type: 'response-end', responseId, stopReason: 'complete' },
    );
  }

  private emit(...events: BidiModelEvent[]): void {
    if (this.closed) return;
    this.queue.push(...events);
    this.wake?.();
    this.wake = undefined;
  }
}

function modelText(result: ToolResult): string {
  const input = result.modelInput as { type?: string; value?: unknown } | undefined;
  const value = input?.type === 'text' ? input.value : JSON.stringify(input?.value ?? result.result);
  return `(${result.toolName}) ${String(value)}`;
}
