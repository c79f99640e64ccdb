import { StreamResampler } from '../../worklets/resampler.js';
import type { SpeakerCommand, SpeakerReport } from '../../worklets/worklet-messages.js';

/**
 * The page's speaker: response audio (PCM16 at the server's rate) is resampled to the context's rate and
 * queued in the playback worklet's jitter buffer. It reports what the worklet says it played.
 */
export class Speaker {
  /** The worklet's latest report (its buffer and the played position). */
  state: SpeakerReport = { type: 'state', bufferedMs: 0, playing: false, played: undefined, underruns: 0, clears: 0, lastClearDroppedMs: 0 };
  /** Audio frames received from the server. */
  framesIn = 0;
  /** The audio context it plays in. */
  readonly context: AudioContext;
  private readonly node: AudioWorkletNode;
  private sourceRate = 24_000;
  private resampler: { readonly responseId: string; readonly instance: StreamResampler } | undefined;

  private constructor(context: AudioContext, node: AudioWorkletNode, onReport: (report: SpeakerReport) => void) {
    this.context = context;
    this.node = node;
    node.port.onmessage = (event: MessageEvent<SpeakerReport>) => {
      this.state = event.data;
      onReport(event.data);
    };
  }

  /** Loads the playback worklet into `context` and connects it to the output. */
  static async create(context: AudioContext, moduleUrl: string, onReport: (report: SpeakerReport) => void): Promise<Speaker> {
    await context.audioWorklet.addModule(moduleUrl);
    const node = new AudioWorkletNode(context, 'tandem-playback', { numberOfInputs: 0, numberOfOutputs: 1, outputChannelCount: [1] });
    node.connect(context.destination);
    return new Speaker(context, node, onReport);
  }

  /** The rate of the audio the server sends (`audio-format`). */
  setSourceRate(sampleRate: number): void {
    this.sourceRate = sampleRate;
    this.resampler = undefined;
  }

  /** Queues a PCM16 frame of `responseId`. */
  enqueue(responseId: string, pcm: ArrayBuffer): void {
    this.framesIn += 1;
    const view = new DataView(pcm);
    const samples = new Float32Array(Math.floor(pcm.byteLength / 2));
    for (let i = 0; i < samples.length; i++) samples[i] = view.getInt16(i * 2, true) / 32768;
    if (this.resampler?.responseId !== responseId) this.resampler = { responseId, instance: new StreamResampler(this.sourceRate, this.context.sampleRate) };
    this.post({ type: 'audio', responseId, samples: this.resampler.instance.process(samples) });
  }

  /** The response has no more audio: play out what the resampler still holds. */
  endResponse(responseId: string): void {
    if (this.resampler?.responseId !== responseId) return;
    this.post({ type: 'audio', responseId, samples: this.resampler.instance.flush() });
    this.resampler = undefined;
  }

  /** Stops playback now and drops everything queued (barge-in). */
  clear(): void {
    this.resampler = undefined;
    this.post({ type: 'clear' });
  }

  private post(command: SpeakerCommand): void {
    if (command.type === 'audio') {
      if (command.samples.length === 0) return;
      this.node.port.postMessage(command, [command.samples.buffer]);
    } else {
      this.node.port.postMessage(command);
    }
  }
}
