import { JitterBuffer } from './jitter-buffer.js';
import type { SpeakerCommand, SpeakerReport } from './worklet-messages.js';

const REPORT_EVERY_MS = 100;

/** The speaker: plays queued response audio through a jitter buffer; `clear` flushes it at once. */
class PlaybackProcessor extends AudioWorkletProcessor {
  private readonly buffer = new JitterBuffer(sampleRate);
  private readonly reportEvery = Math.round((REPORT_EVERY_MS / 1000) * sampleRate);
  private sinceReport = 0;
  private clears = 0;
  private lastClearDroppedMs = 0;

  constructor() {
    super();
    this.port.onmessage = (event: MessageEvent<SpeakerCommand>) => {
      const command = event.data;
      if (command.type === 'audio') {
        this.buffer.push(command.responseId, command.samples);
      } else {
        this.lastClearDroppedMs = this.buffer.clear();
        this.clears += 1;
        this.report();
      }
    };
  }

  process(_inputs: Float32Array[][], outputs: Float32Array[][]): boolean {
    const channels = outputs[0] ?? [];
    const first = channels[0];
    if (first === undefined) return true;
    this.buffer.render(first);
    for (let channel = 1; channel < channels.length; channel++) channels[channel]?.set(first);
    this.sinceReport += first.length;
    if (this.sinceReport >= this.reportEvery) this.report();
    return true;
  }

  private report(): void {
    this.sinceReport = 0;
    const report: SpeakerReport = {
      type: 'state',
      bufferedMs: this.buffer.bufferedMs,
      playing: this.buffer.isPlaying,
      played: this.buffer.position,
      underruns: this.buffer.underruns,
      clears: this.clears,
      lastClearDroppedMs: this.lastClearDroppedMs,
    };
    this.port.postMessage(report);
  }
}

registerProcessor('tandem-playback', PlaybackProcessor);
