/** Kernel samples per input sample, for the interpolated kernel table. */
const TABLE_RESOLUTION = 64;

/**
 * A streaming band-limited resampler for Float32 audio (a Blackman-windowed sinc, interpolated from a
 * table). Downsampling filters out what the lower rate cannot carry, so it does not alias; chunks join
 * without clicks because the filter keeps its history between calls. The output lags the input by
 * half the filter length (about 0.5 ms at 48 kHz).
 */
export class StreamResampler {
  readonly fromRate: number;
  readonly toRate: number;
  private readonly step: number;
  private readonly halfTaps: number;
  private readonly table: Float32Array;
  private buffer: Float32Array;
  private length: number;
  /** Position of the next output sample, in input samples from the start of `buffer`. */
  private position: number;

  /** `zeroCrossings` per side sets the filter's sharpness (default 8). */
  constructor(fromRate: number, toRate: number, zeroCrossings = 8) {
    if (!(fromRate > 0) || !(toRate > 0)) throw new RangeError(`StreamResampler: rates must be positive (got ${String(fromRate)} → ${String(toRate)}).`);
    this.fromRate = fromRate;
    this.toRate = toRate;
    this.step = fromRate / toRate;
    const cutoff = Math.min(1, toRate / fromRate) * 0.95; // of the input's Nyquist frequency
    this.halfTaps = Math.ceil(zeroCrossings / cutoff);
    this.table = kernelTable(cutoff, this.halfTaps);
    this.buffer = new Float32Array(this.halfTaps * 4 + 1024);
    this.length = this.halfTaps; // leading silence, so the first output sample lines up with the first input
    this.position = this.halfTaps;
  }

  /** Resamples the next chunk; returns the output samples it completes (possibly none). */
  process(input: Float32Array): Float32Array {
    if (this.fromRate === this.toRate) return input.slice();
    this.append(input);
    const available = Math.max(0, Math.floor((this.length - this.halfTaps - this.position) / this.step) + 1);
    const out = new Float32Array(available);
    let written = 0;
    while (written < available && Math.floor(this.position) + this.halfTaps < this.length) {
      out[written++] = this.sampleAt(this.position);
      this.position += this.step;
    }
    this.discardConsumed();
    return written === available ? out : out.subarray(0, written);
  }

  /** Ends the stream: returns what is still held back (the filter's tail) and resets. */
  flush(): Float32Array {
    if (this.fromRate === this.toRate) return new Float32Array(0);
    const tail = this.process(new Float32Array(this.halfTaps + 1));
    this.length = this.halfTaps;
    this.position = this.halfTaps;
    this.buffer.fill(0, 0, this.halfTaps);
    return tail;
  }

  private sampleAt(position: number): number {
    const base = Math.floor(position);
    const fraction = position - base;
    let sum = 0;
    for (let k = -this.halfTaps + 1; k <= this.halfTaps; k++) {
      const distance = Math.abs(k - fraction) * TABLE_RESOLUTION;
      const index = Math.floor(distance);
      if (index >= this.table.length - 1) continue;
      const weight = (this.table[index] ?? 0) + ((this.table[index + 1] ?? 0) - (this.table[index] ?? 0)) * (distance - index);
      sum += (this.buffer[base + k] ?? 0) * weight;
    }
    return sum;
  }

  private append(input: Float32Array): void {
    if (this.length + input.length > this.buffer.length) {
      const grown = new Float32Array(Math.max(this.buffer.length * 2, this.length + input.length));
      grown.set(this.buffer.subarray(0, this.length));
      this.buffer = grown;
    }
    this.buffer.set(input, this.length);
    this.length += input.length;
  }

  private discardConsumed(): void {
    const drop = Math.floor(this.position) - this.halfTaps;
    if (drop <= 0) return;
    this.buffer.copyWithin(0, drop, this.length);
    this.length -= drop;
    this.position -= drop;
  }
}

/** The kernel's right half, `TABLE_RESOLUTION` entries per input sample. */
function kernelTable(cutoff: number, halfTaps: number): Float32Array {
  const table = new Float32Array(halfTaps * TABLE_RESOLUTION + 2);
  for (let i = 0; i < table.length; i++) {
    const x = i / TABLE_RESOLUTION;
    if (x >= halfTaps) break;
    const sinc = x === 0 ? 1 : Math.sin(Math.PI * cutoff * x) / (Math.PI * cutoff * x);
    const phase = (x / halfTaps + 1) / 2; // 0.5 at the centre, 1 at the edge
    const blackman = 0.42 - 0.5 * Math.cos(2 * Math.PI * phase) + 0.08 * Math.cos(4 * Math.PI * phase);
    table[i] = cutoff * sinc * blackman;
  }
  return table;
}
