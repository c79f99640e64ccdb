import { describe, expect, it } from 'vitest';
import { JitterBuffer } from './jitter-buffer.js';

const RATE = 48_000;
const QUANTUM = 128;

function ms(value: number): Float32Array {
  return new Float32Array(Math.round((RATE * value) / 1000)).fill(0.25);
}

function renderMs(buffer: JitterBuffer, value: number): Float32Array[] {
  const blocks: Float32Array[] = [];
  for (let done = 0; done < (RATE * value) / 1000; done += QUANTUM) {
    const out = new Float32Array(QUANTUM);
    buffer.render(out);
    blocks.push(out);
  }
  return blocks;
}

const audible = (blocks: Float32Array[]): number => blocks.filter((block) => block.some((sample) => sample !== 0)).length;

describe('JitterBuffer', () => {
  it('holds audio until it has the prebuffer, then plays it and counts what was played', () => {
    const buffer = new JitterBuffer(RATE, { prebufferMs: 80 });
    buffer.push('r1', ms(40));
    expect(audible(renderMs(buffer, 20))).toBe(0);
    expect(buffer.position).toBeUndefined();
    buffer.push('r1', ms(60));
    expect(buffer.bufferedMs).toBeCloseTo(100, 0);
    expect(audible(renderMs(buffer, 50))).toBeGreaterThan(0);
    expect(buffer.isPlaying).toBe(true);
    expect(buffer.position?.responseId).toBe('r1');
    expect(buffer.position?.ms).toBeCloseTo((19 * QUANTUM) / 48, 5); // 19 render quanta
  });

  it('starts a short response that never reaches the prebuffer after maxWaitMs', () => {
    const buffer = new JitterBuffer(RATE, { prebufferMs: 80, maxWaitMs: 100 });
    buffer.push('r1', ms(30));
    expect(audible(renderMs(buffer, 90))).toBe(0);
    expect(audible(renderMs(buffer, 40))).toBeGreaterThan(0);
  });

  it('clear() drops everything at once and says how much', () => {
    const buffer = new JitterBuffer(RATE);
    buffer.push('r1', ms(500));
    renderMs(buffer, 100);
    expect(buffer.clear()).toBeGreaterThan(390);
    expect(buffer.bufferedMs).toBe(0);
    expect(audible(renderMs(buffer, 50))).toBe(0);
    expect(buffer.position?.ms).toBeGreaterThan(90); // what was heard stays known
  });

  it('tracks each response separately and counts running dry as an underrun', () => {
    const buffer = new JitterBuffer(RATE, { prebufferMs: 0 });
    buffer.push('r1', ms(20));
    buffer.push('r2', ms(20));
    renderMs(buffer, 30);
    expect(buffer.position).toMatchObject({ responseId: 'r2' });
    renderMs(buffer, 30);
    expect(buffer.underruns).toBe(1);
    expect(buffer.isPlaying).toBe(false);
  });
});
