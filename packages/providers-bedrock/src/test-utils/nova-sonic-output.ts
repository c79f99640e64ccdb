// Builders of Nova Sonic output events, shaped as Bedrock documents them ("Handling output events with the
// bidirectional API"): every event carries sessionId, promptName and completionId; content blocks are
// contentStart / textOutput | audioOutput | toolUse / contentEnd with a contentId. Test-only.

/** One output event: `{ "<name>": {…} }` (the server wraps it as `{ "event": … }`). */
export type NovaWireEvent = { readonly [name: string]: unknown };

let counter = 0;
const nextId = (prefix: string): string => `${prefix}-${String(++counter)}`;

/** Builds the events of one completion for a session's `promptName`. */
export class NovaCompletion {
  readonly completionId: string;
  private readonly ids: { sessionId: string; promptName: string; completionId: string };

  constructor(promptName: string, completionId = nextId('completion')) {
    this.completionId = completionId;
    this.ids = { sessionId: 'session-1', promptName, completionId };
  }

  start(): NovaWireEvent[] {
    return [{ completionStart: { ...this.ids } }];
  }

  end(stopReason = 'END_TURN'): NovaWireEvent[] {
    return [{ completionEnd: { ...this.ids, stopReason } }];
  }

  /** The ASR transcript of what the user said: a USER text block (generation stage FINAL). */
  userTranscript(text: string): NovaWireEvent[] {
    return this.textBlock('USER', 'FINAL', text, 'PARTIAL_TURN');
  }

  /**
   * One assistant sentence the way Nova Sonic streams it: SPECULATIVE text (planned speech), the AUDIO block,
   * then the FINAL text of what was said. `stopReason` of the last block: `END_TURN` ends the turn.
   */
  assistantSentence(text: string, options: { audio?: readonly Uint8Array[]; stopReason?: string; speculative?: string } = {}): NovaWireEvent[] {
    return [
      ...this.textBlock('ASSISTANT', 'SPECULATIVE', options.speculative ?? text, 'PARTIAL_TURN'),
      ...this.audioBlock(options.audio ?? [new Uint8Array([1, 0, 2, 0])], 'PARTIAL_TURN'),
      ...this.textBlock('ASSISTANT', 'FINAL', text, options.stopReason ?? 'END_TURN'),
    ];
  }

  textBlock(role: 'USER' | 'ASSISTANT', stage: 'FINAL' | 'SPECULATIVE', text: string, stopReason: string): NovaWireEvent[] {
    const contentId = nextId('text');
    return [
      {
        contentStart: {
          ...this.ids,
          contentId,
          type: 'TEXT',
          role,
          additionalModelFields: JSON.stringify({ generationStage: stage }),
          textOutputConfiguration: { mediaType: 'text/plain' },
        },
      },
      { textOutput: { ...this.ids, contentId, role, content: text } },
      { contentEnd: { ...this.ids, contentId, stopReason, type: 'TEXT' } },
    ];
  }

  /** An AUDIO block; `stopReason: null` leaves it open (for a barge-in in the middle). */
  audioBlock(chunks: readonly Uint8Array[], stopReason: string | null): NovaWireEvent[] {
    const contentId = nextId('audio');
    const events: NovaWireEvent[] = [
      {
        contentStart: {
          ...this.ids,
          contentId,
          type: 'AUDIO',
          role: 'ASSISTANT',
          audioOutputConfiguration: { mediaType: 'audio/lpcm', sampleRateHertz: 24_000, sampleSizeBits: 16, encoding: 'base64', channelCount: 1 },
        },
      },
      ...chunks.map((chunk) => ({ audioOutput: { ...this.ids, contentId, content: Buffer.from(chunk).toString('base64') } })),
    ];
    if (stopReason !== null) events.push({ contentEnd: { ...this.ids, contentId, stopReason, type: 'AUDIO' } });
    return events;
  }

  /** The contentEnd that closes an open block, e.g. an AUDIO block cut by a barge-in (`INTERRUPTED`). */
  contentEnd(events: readonly NovaWireEvent[], stopReason: string): NovaWireEvent[] {
    const start = events.find((event) => 'contentStart' in event) as { contentStart: { contentId: string; type: string } } | undefined;
    if (start === undefined) throw new Error('no contentStart among the events');
    return [{ contentEnd: { ...this.ids, contentId: start.contentStart.contentId, stopReason, type: start.contentStart.type } }];
  }

  /** A TOOL block: contentStart (toolUseOutputConfiguration), toolUse (arguments as a JSON string), contentEnd TOOL_USE. */
  toolUse(toolUseId: string, toolName: string, input: unknown): NovaWireEvent[] {
    const contentId = nextId('tool');
    return [
      { contentStart: { ...this.ids, contentId, type: 'TOOL', role: 'TOOL', toolUseOutputConfiguration: { mediaType: 'application/json' } } },
      { toolUse: { ...this.ids, contentId, content: JSON.stringify(input), toolName, toolUseId } },
      { contentEnd: { ...this.ids, contentId, stopReason: 'TOOL_USE', type: 'TOOL' } },
    ];
  }

  /** A usageEvent with the given deltas (totals are the running sums the test passes). */
  usage(delta: { inputSpeech: number; inputText: number; outputSpeech: number; outputText: number }, totals = delta): NovaWireEvent[] {
    const counts = (d: typeof delta) => ({
      input: { speechTokens: d.inputSpeech, textTokens: d.inputText },
      output: { speechTokens: d.outputSpeech, textTokens: d.outputText },
    });
    const totalInputTokens = totals.inputSpeech + totals.inputText;
    const totalOutputTokens = totals.outputSpeech + totals.outputText;
    return [
      {
        usageEvent: {
          ...this.ids,
          details: { delta: counts(delta), total: counts(totals) },
          totalInputTokens,
          totalOutputTokens,
          totalTokens: totalInputTokens + totalOutputTokens,
        },
      },
    ];
  }
}
