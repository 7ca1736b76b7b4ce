/**
 * API benchmark: the running all-in-one API over loopback, driven by autocannon on the same two cores.
 *   mark   PATCH /api/dictionary/word, each request a new word for one of the signed-in learners
 *   read   GET /api/dictionary of learners with 200-word dictionaries
 *   ryw    during the mark load, a separate client marks a word and reads its dictionary with the
 *          returned position: the time from the mark's response to the read model showing the word
 */
import autocannon from 'autocannon';
import type { Benchmark } from './lib/benchmark';
import { withScratchDatabases } from './lib/scratch-db';
import { Latencies, roundFigure } from './lib/stats';
import { formatFigure, renderTable } from './lib/table';
import { signUpAndIn, startApi, type Session } from './api/server';

const scale = Number(process.env.BENCH_SCALE ?? 1);
const USERS = 40;
const CONNECTIONS = 32;
const MARK_SECONDS = Math.max(3, Math.round(15 * scale));
const READ_SECONDS = Math.max(3, Math.round(10 * scale));
const WORDS_PER_READER = 200;

const TARGETS = {
  mark_rps: ['>=', 1500],
  mark_p99_ms: ['<=', 100],
  read_rps: ['>=', 4000],
  read_p99_ms: ['<=', 50],
  ryw_p99_ms: ['<=', 50],
  errors: ['<=', 0],
} as const;

interface Phase {
  rps: number;
  p99: number;
  errors: number;
}

function load(base: string, sessions: Session[], seconds: number, request: (s: Session, n: number) => autocannon.Request): Promise<Phase> {
  let n = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: base,
        connections: CONNECTIONS,
        duration: seconds,
        requests: [{ setupRequest: () => { const i = n++; return request(sessions[i % sessions.length]!, i); } }],
      },
      (err, result) => {
        if (err) return reject(err);
        resolve({
          rps: result.requests.average,
          p99: result.latency.p99,
          errors: result.errors + result.timeouts + result.non2xx,
        });
      },
    );
  });
}

const markRequest = (s: Session, i: number): autocannon.Request => ({
  method: 'PATCH',
  path: '/api/dictionary/word',
  headers: { cookie: s.cookie, 'x-verba-csrf': s.csrf, 'content-type': 'application/json' },
  body: JSON.stringify({ languageCode: 'de', word: { value: `wort${i}`, status: i % 3 === 0 ? 'uncertain' : 'known' } }),
});

/** Marks, then reads with the returned position, one at a time, until `stop` resolves. */
async function measureReadYourWrites(base: string, s: Session, stop: Promise<void>, prefix: string): Promise<{ latencies: Latencies; errors: number }> {
  const latencies = new Latencies(4096);
  let errors = 0;
  let done = false;
  void stop.then(() => (done = true));
  const headers = { cookie: s.cookie, 'x-verba-csrf': s.csrf, 'content-type': 'application/json' };
  for (let i = 0; !done; i++) {
    const word = `${prefix}${i}`;
    const mark = await fetch(`${base}/api/dictionary/word`, { method: 'PATCH', headers, body: JSON.stringify({ languageCode: 'fr', word: { value: word, status: 'known' } }) });
    const { position } = (await mark.json()) as { position?: string };
    const t0 = performance.now();
    const read = await fetch(`${base}/api/dictionary?languageCode=fr&minPosition=${position}`, { headers });
    const body = (await read.json()) as { words?: { value: string }[] };
    if (!mark.ok || !read.ok || !body.words?.some((w) => w.value === word)) errors++;
    else latencies.add(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 20));
  }
  return { latencies, errors };
}

export const apiBenchmark: Benchmark = {
  name: 'api',
  description: `dictionary marks and reads over HTTP (${USERS} learners, ${CONNECTIONS} connections)`,
  async run() {
    return withScratchDatabases(['api'], async (urls) => {
      const api = await startApi(urls['api']!);
      try {
        process.stderr.write(`signing up ${USERS} learners\n`);
        const sessions: Session[] = [];
        for (let i = 0; i < USERS; i++) sessions.push(await signUpAndIn(api, `bench${i}@example.org`, 'bench password 123'));
        for (const s of sessions) {
          const words = Array.from({ length: WORDS_PER_READER }, (_, i) => `lesewort${i}`);
          await fetch(`${api.base}/api/dictionary/add-many`, {
            method: 'POST',
            headers: { cookie: s.cookie, 'x-verba-csrf': s.csrf, 'content-type': 'application/json' },
            body: JSON.stringify({ languageCode: 'es', words }),
          });
        }

        process.stderr.write('read-your-writes on an idle server for 5 s\n');
        const idle = await measureReadYourWrites(api.base, sessions[1]!, new Promise((r) => setTimeout(r, 5000)), 'idle');

        process.stderr.write(`warm-up, then marks for ${MARK_SECONDS} s\n`);
        await load(api.base, sessions, 2, markRequest);
        let stopRyw!: () => void;
        const rywDone = new Promise<void>((r) => (stopRyw = r));
        const ryw = measureReadYourWrites(api.base, sessions[0]!, rywDone, 'ryw');
        const mark = await load(api.base, sessions, MARK_SECONDS, markRequest);
        stopRyw();
        const { latencies, errors: rywErrors } = await ryw;

        process.stderr.write(`reads for ${READ_SECONDS} s\n`);
        const read = await load(api.base, sessions, READ_SECONDS, (s) => ({
          method: 'GET',
          path: '/api/dictionary?languageCode=es',
          headers: { cookie: s.cookie },
        }));

        const figures = {
          mark_rps: roundFigure(mark.rps),
          mark_p99_ms: roundFigure(mark.p99),
          read_rps: roundFigure(read.rps),
          read_p99_ms: roundFigure(read.p99),
          ryw_p50_ms: roundFigure(latencies.percentile(50)),
          ryw_p99_ms: roundFigure(latencies.percentile(99)),
          ryw_idle_p50_ms: roundFigure(idle.latencies.percentile(50)),
          ryw_idle_p99_ms: roundFigure(idle.latencies.percentile(99)),
          errors: mark.errors + read.errors + rywErrors + idle.errors,
        };
        const rows = Object.entries(figures).map(([k, v]) => {
          const target = TARGETS[k as keyof typeof TARGETS];
          const pass = !target || v === null ? '' : (target[0] === '>=' ? v >= target[1] : v <= target[1]) ? 'PASS' : 'MISS';
          return [k, formatFigure(v), target ? `${target[0]} ${target[1]}` : '', pass];
        });
        const report = [
          'API benchmark',
          '',
          renderTable(['metric', 'value', 'target', 'result'], rows),
          '',
          `* ${USERS} learners, ${CONNECTIONS} autocannon connections; marks ${MARK_SECONDS} s, reads ${READ_SECONDS} s (${WORDS_PER_READER}-word dictionaries).`,
          '* ryw: mark, then GET /api/dictionary with minPosition, sampled by one client during the mark load;',
          '  ryw_idle: the same on an otherwise idle server.',
          '* API, PostgreSQL and the load generator share the 2 cores.',
        ].join('\n');
        return { report, figures };
      } finally {
        await api.stop();
      }
    });
  },
};
