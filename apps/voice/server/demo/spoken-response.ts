import type { BidiModelEvent } from '@tandem/core/spec';

/** How a response is paced out. */
export interface Pacing {
  /** Length of each audio chunk, in ms. */
  readonly chunkMs: number;
  /** Audio sent at once before pacing starts (a head start for the listener's jitter buffer), in ms. */
  readonly leadMs: number;
  /** Waits `ms`; rejects when `signal` aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  /** Milliseconds on a monotonic clock: chunks are timed from the first, so late timers do not add up. */
  now(): number;
}

/**
 * Streams one response's speech as a live model does: audio chunks at about real time (after a short
 * head start), each followed by the words of the transcript it has reached, so text and sound stay
 * together. Resolves `true` when everything was sent, `false` when `signal` aborted first (a barge-in).
 */
export async function streamSpeech(
  responseId: string,
  text: string,
  audio: Uint8Array,
  sampleRate: number,
  pacing: Pacing,
  emit: (event: BidiModelEvent) => void,
  signal: AbortSignal,
): Promise<boolean> {
  const words = text.match(/\s*\S+/g) ?? [];
  const chunkBytes = Math.max(2, Math.round((sampleRate * pacing.chunkMs) / 1000) * 2);
  const chunks = Math.max(1, Math.ceil(audio.byteLength / chunkBytes));
  const leadChunks = Math.round(pacing.leadMs / pacing.chunkMs);
  let spokenWords = 0;
  const startedAt = pacing.now();
  for (let index = 0; index < chunks; index++) {
    if (signal.aborted) return false;
    const data = audio.subarray(index * chunkBytes, (index + 1) * chunkBytes);
    if (data.byteLength > 0) emit({ type: 'audio', responseId, data, sampleRate });
    const reached = Math.ceil((words.length * (index + 1)) / chunks);
    if (reached > spokenWords) {
      emit({ type: 'transcript', role: 'assistant', delta: words.slice(spokenWords, reached).join(''), final: false, responseId });
      spokenWords = reached;
    }
    if (index + 1 >= leadChunks && index + 1 < chunks) {
      // Chunk n + 1 is due when the listener has heard all but the head start of what came before it.
      const due = startedAt + (index + 2 - leadChunks) * pacing.chunkMs;
      try {
        await pacing.sleep(Math.max(0, due - pacing.now()), signal);
      } catch {
        return false;
      }
    }
  }
  return !signal.aborted;
}
