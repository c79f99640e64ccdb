/** Zero crossings of the sinc on each side, at the lower of the two rates: sets the transition width. */
const ZERO_CROSSINGS = 16;
/** Kaiser window shape: about 80 dB of stop-band attenuation. */
const KAISER_BETA = 8;
/** Cut-off as a fraction of the lower rate's Nyquist frequency (speech lives well below it). */
const CUTOFF = 0.9;
/** Rate pairs needing more filter phases than this compute their taps per sample instead of from a table. */
const MAX_TABLE_PHASES = 4096;

/**
 * The band-limited interpolation filter of one rate pair, as used by `Pcm16Resampler`: where output
 * sample `k` sits in the input, and the taps to weigh the input samples around it. @internal
 */
export interface ResamplingKernel {
  /** Output `k` reads inputs `base - reach … base + reach + 1`. */
  readonly reach: number;
  /** Position of output `k`: `taps[j]` weighs input sample `base - reach + j`. */
  at(k: number): { readonly base: number; readonly taps: Float64Array };
  /** How many outputs a stream of `inputs` samples yields in all (same duration). */
  outputCount(inputs: number): number;
  /** How many outputs are complete once `inputs` samples arrived (all of their inputs present). */
  completeOutputs(inputs: number): number;
}

/** Builds the kernel for `fromRate` → `toRate` (both positive and different). @internal */
export function resamplingKernel(fromRate: number, toRate: number): ResamplingKernel {
  const cutoff = CUTOFF * Math.min(1, toRate / fromRate); // in units of the input Nyquist frequency
  const halfWidth = ZERO_CROSSINGS / cutoff; // in input samples
  const reach = Math.floor(halfWidth);
  const size = 2 * reach + 2;
  const norm = besselI0(KAISER_BETA);
  const taps = (frac: number): Float64Array => {
    const out = new Float64Array(size);
    let sum = 0;
    for (let j = 0; j < size; j++) {
      const d = frac - (j - reach); // distance from the output instant to this input sample
      const x = d / halfWidth;
      if (Math.abs(x) >= 1) continue;
      const window = besselI0(KAISER_BETA * Math.sqrt(1 - x * x)) / norm;
      const value = cutoff * sinc(cutoff * d) * window;
      out[j] = value;
      sum += value;
    }
    for (let j = 0; j < size; j++) out[j] = (out[j] ?? 0) / sum; // unity gain at DC for every phase
    return out;
  };

  const divisor = Number.isInteger(fromRate) && Number.isInteger(toRate) ? gcd(fromRate, toRate) : 0;
  const phases = divisor === 0 ? Infinity : toRate / divisor;
  if (phases <= MAX_TABLE_PHASES) {
    const step = fromRate / divisor; // output k sits at input position k·step/phases
    const table: Float64Array[] = [];
    for (let phase = 0; phase < phases; phase++) table.push(taps(phase / phases));
    return {
      reach,
      at(k) {
        const position = k * step;
        const phase = position % phases;
        return { base: (position - phase) / phases, taps: table[phase] as Float64Array };
      },
      outputCount: (inputs) => Math.ceil((inputs * phases) / step),
      completeOutputs: (inputs) => Math.max(0, Math.ceil(((inputs - reach - 1) * phases) / step)),
    };
  }
  const ratio = fromRate / toRate;
  return {
    reach,
    at(k) {
      const position = k * ratio;
      const base = Math.floor(position);
      return { base, taps: taps(position - base) };
    },
    outputCount: (inputs) => Math.ceil(inputs / ratio - 1e-9),
    completeOutputs: (inputs) => Math.max(0, Math.ceil((inputs - reach - 1) / ratio - 1e-9)),
  };
}

function sinc(x: number): number {
  if (x === 0) return 1;
  const px = Math.PI * x;
  return Math.sin(px) / px;
}

/** The modified Bessel function of the first kind, order 0 (power series). */
function besselI0(x: number): number {
  let sum = 1;
  let term = 1;
  const half = x / 2;
  for (let k = 1; k < 64; k++) {
    term *= (half / k) * (half / k);
    sum += term;
    if (term < sum * 1e-15) break;
  }
  return sum;
}

function gcd(a: number, b: number): number {
  let x = a;
  let y = b;
  while (y !== 0) [x, y] = [y, x % y];
  return x;
}
