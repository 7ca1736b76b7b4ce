/**
 * Acoustic features for alignment: MFCCs (mel-frequency cepstral coefficients), the features speech
 * recognisers and echogarden's DTW aligner compare. They describe the spectral envelope (which sound is
 * said) and mostly not the pitch (who says it), so a synthetic voice can be matched to a human one.
 */

/** Every signal is compared at this rate: speech needs nothing above 8 kHz. */
export const FEATURE_RATE = 16_000;
/** 10 ms between frames (100 a second): the resolution of every time the aligner gives. */
export const HOP = 160;
const WINDOW = 400; // 25 ms, the usual speech frame
const FFT_SIZE = 512;
const BANDS = 40;
/** Coefficients 1..12: c0 (loudness) is left out, as recording level and distance from the mic vary. */
export const COEFFICIENTS = 12;
const LOW_HZ = 80;
const HIGH_HZ = 7600;
/**
 * Each band's energy is floored at the larger of: 50 dB under the signal's loud frames, and 8 dB over
 * its own quiet level (its 10th percentile: the pauses). Digital silence (the engine's pauses) and a
 * room's noise of any colour (a recording's) then both come out flat: "nothing said", alike.
 */
const FLOOR_DB = 50;
const NOISE_MARGIN_DB = 8;
const QUIET_PERCENTILE = 0.1;
/**
 * How sure a frame is speech, from its loudness over the signal's quiet level: 0 up to 6 dB over it,
 * 1 from 21 dB. Each frame's coefficients are scaled by it, so every pause, in either signal and
 * whatever its noise, is the same point (all zeros), and only speech is compared as speech.
 */
const SPEECH_FROM_DB = 6;
const SPEECH_RAMP_DB = 15;

/** Frames of features, row-major: frame i is values[i * dims .. (i + 1) * dims). */
export interface Features {
  frames: number;
  dims: number;
  values: Float32Array;
}

const mel = (hz: number) => 2595 * Math.log10(1 + hz / 700);
const hz = (m: number) => 700 * (10 ** (m / 2595) - 1);

/** Triangular mel filters over the FFT bins: [first bin, weights] per band. */
const FILTERS = (() => {
  const bins = FFT_SIZE / 2 + 1;
  const edges = Array.from({ length: BANDS + 2 }, (_, k) => hz(mel(LOW_HZ) + ((mel(HIGH_HZ) - mel(LOW_HZ)) * k) / (BANDS + 1)));
  const bin = (f: number) => (f * FFT_SIZE) / FEATURE_RATE;
  return Array.from({ length: BANDS }, (_, b) => {
    const [lo, mid, hi] = [bin(edges[b]!), bin(edges[b + 1]!), bin(edges[b + 2]!)];
    const first = Math.max(0, Math.ceil(lo));
    const last = Math.min(bins - 1, Math.floor(hi));
    const weights = new Float32Array(Math.max(0, last - first + 1));
    for (let k = first; k <= last; k++) weights[k - first] = k <= mid ? (k - lo) / (mid - lo) : (hi - k) / (hi - mid);
    return { first, weights };
  });
})();

const HAMMING = Float32Array.from({ length: WINDOW }, (_, i) => 0.54 - 0.46 * Math.cos((2 * Math.PI * i) / (WINDOW - 1)));
const DCT = Float32Array.from({ length: COEFFICIENTS * BANDS }, (_, i) => {
  const c = Math.floor(i / BANDS) + 1;
  const b = i % BANDS;
  return Math.cos((Math.PI * c * (b + 0.5)) / BANDS) * Math.sqrt(2 / BANDS);
});

const COS = Float64Array.from({ length: FFT_SIZE / 2 }, (_, k) => Math.cos((-2 * Math.PI * k) / FFT_SIZE));
const SIN = Float64Array.from({ length: FFT_SIZE / 2 }, (_, k) => Math.sin((-2 * Math.PI * k) / FFT_SIZE));

/** In-place radix-2 FFT of (re, im), FFT_SIZE long (twiddles from the tables: no trigonometry per frame). */
function fft(re: Float64Array, im: Float64Array): void {
  const n = FFT_SIZE;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      const r = re[i]!;
      re[i] = re[j]!;
      re[j] = r;
      const m = im[i]!;
      im[i] = im[j]!;
      im[j] = m;
    }
  }
  for (let size = 2; size <= n; size <<= 1) {
    const stride = n / size;
    for (let start = 0; start < n; start += size) {
      for (let k = 0; k < size / 2; k++) {
        const wr = COS[k * stride]!;
        const wi = SIN[k * stride]!;
        const a = start + k;
        const b = a + size / 2;
        const tr = re[b]! * wr - im[b]! * wi;
        const ti = re[b]! * wi + im[b]! * wr;
        re[b] = re[a]! - tr;
        im[b] = im[a]! - ti;
        re[a] = re[a]! + tr;
        im[a] = im[a]! + ti;
      }
    }
  }
}

/**
 * MFCCs of 16 kHz samples, one frame every HOP samples (frame i centred near i * HOP), each coefficient
 * then normalised over the whole signal (mean 0, variance 1): what differs between two voices or two
 * microphones as a constant offset of the spectrum cancels out.
 */
export function mfcc(samples: Float32Array): Features {
  const frames = Math.max(0, Math.floor(samples.length / HOP));
  const values = new Float32Array(frames * COEFFICIENTS);
  const re = new Float64Array(FFT_SIZE);
  const im = new Float64Array(FFT_SIZE);
  const power = new Float64Array(FFT_SIZE / 2 + 1);
  const energies = new Float32Array(frames * BANDS);
  const loudness = new Float32Array(frames);
  for (let f = 0; f < frames; f++) {
    const start = f * HOP - (WINDOW - HOP) / 2;
    re.fill(0);
    im.fill(0);
    for (let i = 0; i < WINDOW; i++) {
      const at = start + i;
      // Pre-emphasis lifts the high formants the spectrum's slope would otherwise drown.
      const x = at >= 1 && at < samples.length ? samples[at]! - 0.97 * samples[at - 1]! : 0;
      re[i] = x * HAMMING[i]!;
    }
    fft(re, im);
    for (let k = 0; k < power.length; k++) power[k] = (re[k]! * re[k]! + im[k]! * im[k]!) / FFT_SIZE;
    for (let b = 0; b < BANDS; b++) {
      const { first, weights } = FILTERS[b]!;
      let energy = 0;
      for (let k = 0; k < weights.length; k++) energy += power[first + k]! * weights[k]!;
      energies[f * BANDS + b] = energy;
      loudness[f]! += energy / BANDS;
    }
  }
  // "Loud" is the 95th percentile frame: one click or clipped burst does not set it.
  const loud = frames ? Float32Array.from(loudness).sort()[Math.floor(frames * 0.95)]! : 0;
  const floors = Array.from({ length: BANDS }, (_, b) => {
    const band = Float32Array.from({ length: frames }, (_, f) => energies[f * BANDS + b]!).sort();
    const quiet = frames ? band[Math.floor(frames * QUIET_PERCENTILE)]! : 0;
    return Math.max(loud * 10 ** (-FLOOR_DB / 10), quiet * 10 ** (NOISE_MARGIN_DB / 10), 1e-12);
  });
  const logMel = new Float64Array(BANDS);
  for (let f = 0; f < frames; f++) {
    for (let b = 0; b < BANDS; b++) logMel[b] = Math.log(Math.max(energies[f * BANDS + b]!, floors[b]!));
    for (let c = 0; c < COEFFICIENTS; c++) {
      let sum = 0;
      for (let b = 0; b < BANDS; b++) sum += DCT[c * BANDS + b]! * logMel[b]!;
      values[f * COEFFICIENTS + c] = sum;
    }
  }
  const quiet = Math.max(
    frames ? Float32Array.from(loudness).sort()[Math.floor(frames * QUIET_PERCENTILE)]! : 0,
    loud * 10 ** (-FLOOR_DB / 10),
    1e-12,
  );
  const speech = Array.from(loudness, (l) =>
    Math.min(1, Math.max(0, (10 * Math.log10(l / quiet + 1e-12) - SPEECH_FROM_DB) / SPEECH_RAMP_DB)),
  );
  // Statistics of the speech alone: pauses take a different share of each signal, and would pull its mean.
  const voiced = speech.flatMap((w, f) => (w >= 0.5 ? [f] : []));
  normalise(values, COEFFICIENTS, voiced);
  for (let f = 0; f < frames; f++) for (let c = 0; c < COEFFICIENTS; c++) values[f * COEFFICIENTS + c]! *= speech[f]!;
  return { frames, dims: COEFFICIENTS, values };
}

/** Every frame shifted and scaled by the mean and deviation of the `sample` frames, per coefficient. */
function normalise(values: Float32Array, dims: number, sample: readonly number[]): void {
  if (sample.length === 0) return;
  const frames = values.length / dims;
  for (let d = 0; d < dims; d++) {
    let sum = 0;
    let squares = 0;
    for (const f of sample) sum += values[f * dims + d]!;
    const mean = sum / sample.length;
    for (const f of sample) squares += (values[f * dims + d]! - mean) ** 2;
    const scale = 1 / Math.sqrt(squares / sample.length + 1e-9);
    for (let f = 0; f < frames; f++) values[f * dims + d] = (values[f * dims + d]! - mean) * scale;
  }
}

/** Frames averaged `factor` at a time: the coarse view the first, cheap DTW passes compare. */
export function coarsen(features: Features, factor: number): Features {
  if (factor <= 1) return features;
  const { dims } = features;
  const frames = Math.ceil(features.frames / factor);
  const values = new Float32Array(frames * dims);
  for (let f = 0; f < frames; f++) {
    const first = f * factor;
    const last = Math.min(features.frames, first + factor);
    for (let g = first; g < last; g++)
      for (let d = 0; d < dims; d++) values[f * dims + d]! += features.values[g * dims + d]! / (last - first);
  }
  return { frames, dims, values };
}
