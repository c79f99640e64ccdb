import { setTimeout as sleep } from 'node:timers/promises';
import { DEMO_PROVIDER } from '@tandem/cli/demo-model';
import type { BidiConnection, BidiConnectRequest, BidiModel } from '@tandem/core/spec';
import type { SpeechSynthesizer } from '../speech/speech-synthesizer.js';
import { DemoVoiceConnection, type DemoTruncation } from './demo-voice-connection.js';
import type { EnergyVadOptions } from './energy-vad.js';
import type { Pacing } from './spoken-response.js';

/** Settings of {@link DemoVoiceModel}. */
export interface DemoVoiceModelOptions {
  /** Makes its speech (see `findSpeechSynthesizer()`). */
  readonly synthesizer: SpeechSynthesizer;
  /** Microphone sample rate it expects (default 16 000). */
  readonly inputRate?: number;
  /** Sample rate of its speech (default 24 000). */
  readonly outputRate?: number;
  /** Audio chunk length (default 100 ms), head start (default 300 ms), the wait between chunks and its clock. */
  readonly pacing?: Partial<Pacing>;
  /** When microphone energy counts as speech. */
  readonly vad?: EnergyVadOptions;
  /** Milliseconds on a monotonic clock (default `performance.now()`). */
  readonly now?: () => number;
}

/** Truncations kept for inspection. */
const KEPT_TRUNCATIONS = 50;

/**
 * The offline demo bidi model of the voice app: it needs no key and no network. It answers typed turns by
 * the demo rules of `@tandem/cli/demo-model` (a turn that names tools calls them as one group, with
 * `key=value` words as arguments), reports tool results when they arrive, speaks every answer (with
 * `espeak-ng`, or beeps) at about real time, and treats microphone energy as speech — so talking over
 * it is a barge-in, as with a real realtime model. It cannot understand speech, and says so once.
 *
 * @example
 * ```ts
 * const model = new DemoVoiceModel({ synthesizer: await findSpeechSynthesizer() });
 * const agent = new BidiAgent({ model, tools });
 * ```
 */
export class DemoVoiceModel implements BidiModel {
  readonly specificationVersion = 'v1';
  readonly provider = DEMO_PROVIDER;
  readonly modelId = 'offline-voice';
  readonly capabilities = { truncation: true, nativeAsyncTools: true, resumption: false };
  readonly audio: BidiModel['audio'];
  /** The latest `truncate()` calls over all connections (each: the heard position of a cut-off response). */
  readonly truncations: DemoTruncation[] = [];
  private readonly options: DemoVoiceModelOptions;
  private readonly pacing: Pacing;
  private connections = 0;

  constructor(options: DemoVoiceModelOptions) {
    this.options = options;
    this.audio = { inputRate: options.inputRate ?? 16_000, outputRate: options.outputRate ?? 24_000, channels: 1 };
    this.pacing = {
      chunkMs: options.pacing?.chunkMs ?? 100,
      leadMs: options.pacing?.leadMs ?? 300,
      sleep: options.pacing?.sleep ?? ((ms, signal) => sleep(ms, undefined, { signal })),
      now: options.pacing?.now ?? options.now ?? (() => performance.now()),
    };
  }

  /** What makes its speech: `espeak-ng` or `tone`. */
  get speech(): SpeechSynthesizer['name'] {
    return this.options.synthesizer.name;
  }

  async connect(request: BidiConnectRequest): Promise<BidiConnection> {
    request.signal?.throwIfAborted();
    const connection = new DemoVoiceConnection({
      index: ++this.connections,
      request,
      synthesizer: this.options.synthesizer,
      outputRate: this.audio.outputRate,
      pacing: this.pacing,
      vad: this.options.vad ?? {},
      now: this.options.now ?? (() => performance.now()),
      onTruncate: (truncation) => {
        this.truncations.push(truncation);
        if (this.truncations.length > KEPT_TRUNCATIONS) this.truncations.shift();
      },
    });
    return connection;
  }
}
