/**
 * Alignment benchmark (issue 40): how long forced alignment of 10 minutes of speech to its text takes on
 * the untrusted pool, and how much the request thread notices. The recording is made by the speech
 * engine from the German demo articles (a male voice at 1.25 times the speed, random pauses of 0.2-2 s,
 * faint noise, 44.1 kHz, sent as a 16-bit WAV file as an upload would be), so the true sentence starts
 * are known. The aligner speaks its own reference (a female voice at normal speed) inside the job.
 *   alignment_speech_s               seconds of the recording
 *   alignment_10min_s                the job's wall time, WAV bytes in, timings out (target <= 60 s)
 *   alignment_starts_within_300ms    share of sentence starts found within 300 ms (target >= 0.95)
 *   alignment_loop_p99_ms, _worst_ms the request thread's timer delays meanwhile (a 10 ms timer), beside
 *   alignment_idle_loop_worst_ms     the same timer's worst delay for 3 s before, the job not running
 */
import { readdirSync, readFileSync } from 'node:fs';
import { splitSentences } from '@verba/contracts';
import { createUntrustedPool } from '../src/platform/untrusted/pool';
import { pcm16ToWav } from '../src/contexts/speech/adapters/wav';
import { espeakLoader } from '../src/contexts/speech/domain/alignment/espeak';
import { ALIGNMENT_JOB_BUDGET, type AlignJobOutput } from '../src/contexts/speech/domain/alignment/jobs';
import { syntheticRecording } from '../src/contexts/speech/domain/alignment/synthetic-recording';
import type { Benchmark } from './lib/benchmark';
import { meetsTarget, type Target } from './lib/targets';
import { percentile, roundFigure } from './lib/stats';
import { formatFigure, renderTable } from './lib/table';

const TARGETS = { alignment_10min_s: ['<=', 60], alignment_starts_within_300ms: ['>=', 0.95] } as const satisfies Record<string, Target>;
const SPEECH_SECONDS = 600;
const DEMO = new URL('../data/demo/articles/', import.meta.url);

function germanSentences(): string[] {
  const files = readdirSync(DEMO)
    .filter((f) => f.includes('-de-'))
    .sort();
  return splitSentences(files.map((f) => readFileSync(new URL(f, DEMO), 'utf8').replace(/^---[\s\S]*?\n---\n/, '')).join('\n'));
}

/** The first sentences of the demo text that make at least 10 minutes of recording. */
async function tenMinutes() {
  const speaker = await espeakLoader()();
  const all = germanSentences();
  const options = { voice: 'de+m3', speed: 1.25, seed: 40 };
  let count = 130; // about 10 minutes of the demo text at this speed
  for (;;) {
    const sentences = all.slice(0, count);
    const recording = syntheticRecording(sentences, speaker, options);
    const seconds = recording.samples.length / recording.sampleRate;
    if (seconds >= SPEECH_SECONDS || count >= all.length) return { sentences, recording, seconds };
    count = Math.min(all.length, Math.ceil((count * SPEECH_SECONDS * 1.02) / seconds));
  }
}

/** Delays of a 10 ms timer on this thread until stopped: what any request would have waited. */
function loopDelays() {
  const delays: number[] = [];
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    delays.push(now - last - 10);
    last = now;
  }, 10);
  return () => (clearInterval(timer), delays);
}

export const alignmentBenchmark: Benchmark = {
  name: 'alignment',
  description: 'forced alignment of 10 minutes of speech to its text on the untrusted pool (synthesis + MFCC + DTW)',
  async run() {
    process.stderr.write('  making the recording with the speech engine...\n');
    const { sentences, recording, seconds } = await tenMinutes();
    const pcm = Int16Array.from(recording.samples, (x) => Math.round(Math.max(-1, Math.min(1, x)) * 32767));
    const wav = pcm16ToWav(pcm, recording.sampleRate);
    const pool = createUntrustedPool({
      entry: new URL('./alignment-worker.mjs', import.meta.url),
      threads: 1,
      budget: ALIGNMENT_JOB_BUDGET,
    });
    try {
      const idle = loopDelays();
      await new Promise((r) => setTimeout(r, 3000));
      const idleDelays = idle();
      process.stderr.write(`  aligning ${seconds.toFixed(0)} s of speech, ${sentences.length} sentences...\n`);
      const stop = loopDelays();
      const started = performance.now();
      const aligned = await pool.run<AlignJobOutput>('speech.align', { audio: { bytes: wav }, sentences, language: 'de' });
      const took = (performance.now() - started) / 1000;
      const delays = stop();
      const errors = aligned.sentences.map((t, i) => Math.abs(t.start - recording.starts[i]!));
      const within = errors.filter((e) => e <= 0.3).length / errors.length;
      const figures = {
        alignment_speech_s: roundFigure(seconds),
        alignment_sentences: sentences.length,
        alignment_10min_s: roundFigure((took * SPEECH_SECONDS) / seconds),
        alignment_starts_within_300ms: roundFigure(within),
        alignment_start_error_worst_s: roundFigure(Math.max(...errors)),
        alignment_job_s: roundFigure(took),
        alignment_loop_p99_ms: roundFigure(Math.max(0, percentile(delays, 99))),
        alignment_loop_worst_ms: roundFigure(Math.max(0, ...delays)),
        alignment_idle_loop_worst_ms: roundFigure(Math.max(0, ...idleDelays)),
        alignment_10min_pass: meetsTarget((took * SPEECH_SECONDS) / seconds, TARGETS.alignment_10min_s),
        alignment_quality_pass: meetsTarget(within, TARGETS.alignment_starts_within_300ms),
      };
      const table = renderTable(
        ['figure', 'value', 'target'],
        [
          ['speech (s)', formatFigure(figures.alignment_speech_s), ''],
          ['job wall time (s)', formatFigure(figures.alignment_job_s), ''],
          ['job wall time, scaled to 10 min (s)', formatFigure(figures.alignment_10min_s), '<= 60'],
          ['sentence starts within 300 ms', formatFigure(figures.alignment_starts_within_300ms), '>= 0.95'],
          ['worst start error (s)', formatFigure(figures.alignment_start_error_worst_s), ''],
          ['request thread timer delay p99 (ms)', formatFigure(figures.alignment_loop_p99_ms), ''],
          ['request thread timer delay worst (ms)', formatFigure(figures.alignment_loop_worst_ms), ''],
          ['the same, idle (ms)', formatFigure(figures.alignment_idle_loop_worst_ms), ''],
        ],
      );
      return { report: table, figures };
    } finally {
      await pool.close();
    }
  },
};
