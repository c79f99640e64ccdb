import type { CaptureOptions, CaptureReport } from '../../worklets/worklet-messages.js';

/** What the microphone reports. */
export interface MicrophoneEvents {
  /** A PCM16 frame at the model's input rate. */
  frame(pcm: ArrayBuffer): void;
  /** Level over the last ~50 ms (RMS, 0…1). */
  level(rms: number): void;
}

/**
 * The microphone, with the browser's echo cancellation and noise suppression on, captured by an
 * AudioWorklet that resamples it to the model's input rate.
 */
export class Microphone {
  private readonly stream: MediaStream;
  private readonly source: MediaStreamAudioSourceNode;
  private readonly node: AudioWorkletNode;

  private constructor(stream: MediaStream, source: MediaStreamAudioSourceNode, node: AudioWorkletNode) {
    this.stream = stream;
    this.source = source;
    this.node = node;
  }

  /**
   * Asks for the microphone and starts capturing.
   *
   * @throws the browser's error when access is refused or there is no microphone (see {@link describeMicrophoneError}).
   */
  static async open(context: AudioContext, moduleUrl: string, targetRate: number, events: MicrophoneEvents): Promise<Microphone> {
    if (navigator.mediaDevices?.getUserMedia === undefined) throw new DOMException('getUserMedia is not available', 'NotSupportedError');
    const stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true, channelCount: 1 } });
    try {
      await context.audioWorklet.addModule(moduleUrl);
      const options: CaptureOptions = { targetRate };
      // No outputs: a sink the audio graph always runs, and nothing of the microphone reaches the speakers.
      const node = new AudioWorkletNode(context, 'tandem-capture', { numberOfInputs: 1, numberOfOutputs: 0, processorOptions: options });
      node.port.onmessage = (event: MessageEvent<CaptureReport>) => {
        if (event.data.type === 'frame') events.frame(event.data.pcm);
        else events.level(event.data.rms);
      };
      const source = context.createMediaStreamSource(stream);
      source.connect(node);
      return new Microphone(stream, source, node);
    } catch (error) {
      for (const track of stream.getTracks()) track.stop();
      throw error;
    }
  }

  close(): void {
    this.source.disconnect();
    this.node.port.onmessage = null;
    this.node.disconnect();
    for (const track of this.stream.getTracks()) track.stop();
  }
}

/** A sentence for the user about why the microphone could not start. */
export function describeMicrophoneError(error: unknown): string {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (!window.isSecureContext) return 'The microphone needs a secure page: open it over https, or as http://localhost. Typed turns still work.';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'Microphone access was refused. Allow it in the browser’s site settings to talk; typed turns still work.';
    case 'NotFoundError':
    case 'OverconstrainedError':
      return 'No microphone was found. Plug one in and try again; typed turns still work.';
    case 'NotReadableError':
      return 'The microphone is in use by another program or could not be opened. Typed turns still work.';
    case 'NotSupportedError':
      return 'This browser cannot capture the microphone here. Typed turns still work.';
    default:
      return `The microphone could not start (${error instanceof Error ? error.message : String(error)}). Typed turns still work.`;
  }
}
