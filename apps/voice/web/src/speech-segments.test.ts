import { describe, expect, it } from 'vitest';
import { SpeechSegments } from './speech-segments.js';

/** Feeds one reading every 20 ms: `levels` in order, starting at `from`. */
function feed(segments: SpeechSegments, levels: readonly number[], from = 0): ReturnType<SpeechSegments['push']>[] {
  return levels.map((level, i) => segments.push(level, from + i * 20)).filter((change) => change !== undefined);
}

describe('SpeechSegments', () => {
  it('reports a stretch of speech once it lasted the minimum, and its end after the hangover, with its length', () => {
    const segments = new SpeechSegments({ threshold: 0.05, minSpeechMs: 100, hangoverMs: 200 });
    const loud = Array<number>(61).fill(0.2); // 0 … 1200 ms
    const quiet = Array<number>(15).fill(0.001); // 1220 … 1500 ms
    expect(feed(segments, [...loud, ...quiet])).toEqual([{ type: 'start' }, { type: 'end', durationMs: 1200 }]);
  });

  it('ignores a click shorter than the minimum, and short pauses inside speech', () => {
    const segments = new SpeechSegments({ threshold: 0.05, minSpeechMs: 100, hangoverMs: 200 });
    expect(feed(segments, [0.3, 0.3, 0.001, 0.001, 0.001, 0.001, 0.001, 0.001, 0.001, 0.001, 0.001, 0.001, 0.001])).toEqual([]);
    const talk = [...Array<number>(20).fill(0.2), ...Array<number>(5).fill(0.001), ...Array<number>(20).fill(0.2)];
    expect(feed(segments, talk, 1000)).toEqual([{ type: 'start' }]);
  });

  it('ends speech in progress when the microphone stops', () => {
    const segments = new SpeechSegments({ threshold: 0.05, minSpeechMs: 100, hangoverMs: 200 });
    feed(segments, Array<number>(30).fill(0.2));
    expect(segments.stop()).toEqual({ type: 'end', durationMs: 580 });
    expect(segments.stop()).toBeUndefined();
  });
});
