/**
 * Sample-rate conversion for the aligner: the recording (any rate) and the engine's reference (22050 Hz)
 * are both brought to one rate so their feature frames cover the same time. A windowed sinc with a
 * lookup table: cheap enough for an hour of audio, clean enough that aliasing does not move the features.
 */

/** Zero crossings of the sinc on each side: 8 keeps the pass band flat to ~90% of the new Nyquist. */
const ZEROS = 8;
/** Table points per zero crossing; the kernel between them is interpolated linearly. */
const STEPS = 128;
const KERNEL = (() => {
  const table = new Float32Array(ZEROS * STEPS + 2);
  for (let k = 0; k < table.length; k++) {
    const x = k / STEPS;
    const sinc = x === 0 ? 1 : Math.sin(Math.PI * x) / (Math.PI * x);
    const window = x >= ZEROS ? 0 : 0.5 + 0.5 * Math.cos((Math.PI * x) / ZEROS); // Hann
    table[k] = sinc * window;
  }
  return table;
})();

function kernel(x: number): number {
  const at = Math.abs(x) * STEPS;
  const k = Math.floor(at);
  if (k >= ZEROS * STEPS) return 0;
  const f = at - k;
  return KERNEL[k]! * (1 - f) + KERNEL[k + 1]! * f;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
/** Above this many phases the weights are looked up per sample instead of precomputed. */
const PHASES_MAX = 4096;

/** The samples at another rate (the same buffer when the rates are equal). */
export function resample(samples: Float32Array, from: number, to: number): Float32Array {
  if (from === to) return samples;
  if (!(from > 0 && to > 0)) throw new RangeError('Sample rates must be positive.');
  const ratio = to / from;
  // Down-sampling lowers the cut-off to the new Nyquist (less a margin), widening the kernel in input samples.
  const cutoff = Math.min(1, ratio) * 0.95;
  const reach = ZEROS / cutoff;
  const out = new Float32Array(Math.floor(samples.length * ratio));
  // Integer rates repeat their fractional positions every `phases` outputs (44.1 -> 16 kHz: 160), so
  // each position's weights are computed once: 40 multiply-adds a sample, no table lookups.
  const common = Number.isInteger(from) && Number.isInteger(to) ? gcd(from, to) : 0;
  const phases = common ? to / common : Infinity;
  const taps = 2 * Math.ceil(reach) + 1;
  const weights = phases <= PHASES_MAX ? new Float64Array(phases * taps) : undefined;
  if (weights) {
    for (let p = 0; p < phases; p++) {
      const t = p / ratio;
      const first = Math.ceil(t - reach);
      for (let k = 0; k < taps; k++) weights[p * taps + k] = kernel((t - first - k) * cutoff) * cutoff;
    }
  }
  for (let n = 0; n < out.length; n++) {
    const t = n / ratio;
    const first = Math.ceil(t - reach - 1e-9);
    let sum = 0;
    if (weights) {
      const base = (n % phases) * taps;
      // The phase's first tap, counted from the same rounding as above.
      const start = Math.ceil((n % phases) / ratio - reach) + Math.round((n - (n % phases)) / ratio);
      for (let k = 0; k < taps; k++) {
        const i = start + k;
        if (i >= 0 && i < samples.length) sum += samples[i]! * weights[base + k]!;
      }
    } else {
      for (let i = Math.max(0, first); i <= Math.min(samples.length - 1, Math.floor(t + reach)); i++)
        sum += samples[i]! * kernel((t - i) * cutoff) * cutoff;
    }
    out[n] = sum;
  }
  return out;
}

/** One channel: the mean of the channels (a stereo recording's speech is in both). */
export function toMono(channels: readonly Float32Array[]): Float32Array {
  if (channels.length === 1) return channels[0]!;
  const length = Math.min(...channels.map((c) => c.length));
  const mono = new Float32Array(length);
  for (const channel of channels) for (let i = 0; i < length; i++) mono[i]! += channel[i]! / channels.length;
  return mono;
}

/** The pieces one after the other. */
export function concat(pieces: readonly Float32Array[]): Float32Array {
  const joined = new Float32Array(pieces.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const piece of pieces) {
    joined.set(piece, at);
    at += piece.length;
  }
  return joined;
}

/** 16-bit PCM (the engine's output, WAV data) as floats in [-1, 1). */
export function int16ToFloat(samples: Int16Array): Float32Array {
  const out = new Float32Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = samples[i]! / 32768;
  return out;
}
