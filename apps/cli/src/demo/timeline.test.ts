import { describe, expect, it } from 'vitest';
import { overlapMs, timelineLines } from './timeline.js';

describe('timeline', () => {
  it('draws each call on one axis with its start and end', () => {
    const lines = timelineLines(
      [
        { toolName: 'weather', startMs: 100, endMs: 700 },
        { toolName: 'flights', startMs: 100, endMs: 500 },
      ],
      14,
    );
    expect(lines).toEqual(['weather  start   100 ms  end   700 ms  ··████████████', 'flights  start   100 ms  end   500 ms  ··████████']);
  });

  it('measures how long the calls ran together', () => {
    expect(overlapMs([{ toolName: 'a', startMs: 0, endMs: 600 }, { toolName: 'b', startMs: 10, endMs: 400 }])).toBe(390);
    expect(overlapMs([{ toolName: 'a', startMs: 0, endMs: 100 }, { toolName: 'b', startMs: 200, endMs: 400 }])).toBe(0);
    expect(overlapMs([{ toolName: 'a', startMs: 0, endMs: 100 }])).toBe(0);
  });
});
