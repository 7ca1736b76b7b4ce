import { describe, expect, it } from 'vitest';
import { coarsen, COEFFICIENTS, FEATURE_RATE, mfcc } from './features';
import { int16ToFloat, resample, toMono } from './resample';
import { random } from './synthetic-recording';

const tone = (hz: number, seconds: number, rate: number, amplitude = 0.5) =>
  Float32Array.from({ length: Math.round(seconds * rate) }, (_, i) => amplitude * Math.sin((2 * Math.PI * hz * i) / rate));
const rms = (x: Float32Array, from = 0, to = x.length) => Math.sqrt(x.subarray(from, to).reduce((s, v) => s + v * v, 0) / (to - from));
const crossings = (x: Float32Array) => x.reduce((n, v, i) => n + (i > 0 && x[i - 1]! < 0 && v >= 0 ? 1 : 0), 0);

describe('resampling to the features’ rate', () => {
  it('keeps a tone’s pitch, length and loudness', () => {
    const out = resample(tone(440, 1, 44_100), 44_100, 16_000);
    expect(out.length).toBe(16_000);
    expect(Math.abs(crossings(out) - 440)).toBeLessThanOrEqual(1);
    expect(rms(out, 200, 15_800)).toBeCloseTo(0.5 / Math.SQRT2, 2);
  });

  it('gives the same samples by precomputed phases (integer rates) as by looking the weights up (any rate)', () => {
    const chirp = Float32Array.from({ length: 44_100 }, (_, i) => 0.5 * Math.sin((2 * Math.PI * (200 + i / 20) * i) / 44_100));
    const phased = resample(chirp, 44_100, 16_000);
    const looked = resample(chirp, 44_100.000_001, 16_000);
    expect(Math.max(...looked.map((x, i) => Math.abs(x - phased[i]!)))).toBeLessThan(1e-3);
  });

  it('drops what the new rate cannot hold instead of folding it into speech frequencies', () => {
    // 12 kHz would alias to 4 kHz at 16 kHz, right among the formants.
    expect(rms(resample(tone(12_000, 1, 48_000), 48_000, 16_000), 200, 15_800)).toBeLessThan(0.01);
  });

  it('raises the engine’s 22.05 kHz too, and mixes channels down; equal rates are left alone', () => {
    expect(resample(tone(300, 0.5, 11_025), 11_025, 16_000).length).toBe(8_000);
    const samples = tone(300, 0.1, 16_000);
    expect(resample(samples, 16_000, 16_000)).toBe(samples);
    expect(Array.from(toMono([Float32Array.of(1, 0.5), Float32Array.of(0, -0.5)]))).toEqual([0.5, 0]);
    expect(Array.from(int16ToFloat(Int16Array.of(-32768, 16384)))).toEqual([-1, 0.5]);
  });
});

describe('MFCC features', () => {
  /** Half a second of a vowel-like buzz (harmonics of 150 Hz) between pauses of noise. */
  function utterance(gain: number, noise: number, seed = 1) {
    const next = random(seed);
    const voiced = Float32Array.from(
      { length: FEATURE_RATE / 2 },
      (_, i) => [1, 2, 3, 5, 8].reduce((s, h) => s + Math.sin((2 * Math.PI * 150 * h * i) / FEATURE_RATE) / h, 0) * 0.2 * gain,
    );
    const signal = new Float32Array(FEATURE_RATE * 2);
    signal.set(voiced, FEATURE_RATE / 2);
    return signal.map((x) => x + (next() - 0.5) * 2 * noise);
  }

  it('gives 100 frames a second of 12 coefficients', () => {
    const features = mfcc(utterance(1, 0));
    expect(features).toMatchObject({ frames: 200, dims: COEFFICIENTS });
    expect(features.values).toHaveLength(200 * COEFFICIENTS);
  });

  it('makes pauses alike whether digital silence or a room’s noise: all zeros', () => {
    for (const noise of [0, 0.001, 0.003]) {
      const { values } = mfcc(utterance(1, noise));
      const pause = values.subarray(10 * COEFFICIENTS, 40 * COEFFICIENTS);
      expect(Math.max(...pause.map(Math.abs)), `noise ${noise}`).toBeLessThan(0.05);
      const speech = values.subarray(70 * COEFFICIENTS, 90 * COEFFICIENTS);
      expect(Math.max(...speech.map(Math.abs))).toBeGreaterThan(0.5);
    }
  });

  it('does not depend on how loud the recording is', () => {
    const quiet = mfcc(utterance(0.1, 0)).values;
    const loud = mfcc(utterance(1, 0)).values;
    const difference = Math.max(...quiet.map((v, i) => Math.abs(v - loud[i]!)));
    expect(difference).toBeLessThan(0.01);
  });

  it('averages frames for the coarse passes', () => {
    const features = { frames: 3, dims: 2, values: Float32Array.of(1, 2, 3, 4, 5, 6) };
    expect(coarsen(features, 2)).toEqual({ frames: 2, dims: 2, values: Float32Array.of(2, 3, 5, 6) });
    expect(coarsen(features, 1)).toBe(features);
  });
});
