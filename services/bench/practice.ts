/**
 * Practice benchmark: one learner with 20,000 flashcards (seeded straight into the event store with the
 * real decider, then projected by the running API), measured over HTTP:
 *   due_query   GET /api/practice/flashcards (the due-first session list and the due count)
 *   review      PATCH /api/flashcards, one review of a random card (FSRS decision + append)
 */
import autocannon from 'autocannon';
import { createPostgresEventStore } from '../src/platform/event-store/postgres/adapter';
import type { Benchmark } from './lib/benchmark';
import { withScratchDatabases } from './lib/scratch-db';
import { roundFigure } from './lib/stats';
import { formatFigure, renderTable } from './lib/table';
import { preferUnixSocket, signUpAndIn, startApi, type Session } from './api/server';
import { seedCards } from './practice/seed';

const scale = Number(process.env.BENCH_SCALE ?? 1);
const CARDS = 20_000;
/** The learner alone (one request at a time, as one person practises), then a busy server. */
const LEVELS = [1, 8] as const;
const SECONDS = Math.max(3, Math.round(10 * scale));
const TARGETS: Record<string, number> = { due_query_p99_ms: 30, review_p99_ms: 50, fit_s: 10, due_query_p99_ms_fitting: 30 };

interface Phase {
  rps: number;
  p99: number;
  errors: number;
}

function load(base: string, connections: number, request: (n: number) => autocannon.Request): Promise<Phase> {
  let n = 0;
  return new Promise((resolve, reject) => {
    autocannon({ url: base, connections, duration: SECONDS, requests: [{ setupRequest: () => request(n++) }] }, (err, r) =>
      err ? reject(err) : resolve({ rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.timeouts + r.non2xx }),
    );
  });
}

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Waits until the API's read model shows every seeded card. */
async function caughtUp(base: string, s: Session, total: number): Promise<void> {
  const deadline = Date.now() + 300_000;
  for (;;) {
    const info = await json<{ total: number }>(
      await fetch(`${base}/api/flashcards/info?languageCode=de`, { headers: { cookie: s.cookie } }),
    );
    if (info.total >= total) return;
    if (Date.now() > deadline) throw new Error(`projection reached ${info.total} of ${total} cards in 300 s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** p99 of a list of latencies (ms). */
const p99 = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.min(ms.length - 1, Math.floor(ms.length * 0.99))] ?? null;

/**
 * Fits the learner's scheduler on their review log (the worker pool's fsrs-rs) while the due-first list is
 * asked one request at a time, and asks it as many times again with nothing else running: the p99 of each side
 * by side says whether a fit slows the API's other requests.
 */
async function fitWhileServing(base: string, session: Session, duePath: string) {
  const { cookie } = session;
  const headers = { cookie, 'x-verba-csrf': session.csrf, 'content-type': 'application/json' };
  const ask = async () => {
    const t = performance.now();
    await json(await fetch(`${base}${duePath}`, { headers: { cookie } }));
    return performance.now() - t;
  };
  process.stderr.write('fitting the scheduler to the review log while the due-first list is asked\n');
  const t0 = performance.now();
  let done = false;
  const fit = fetch(`${base}/api/flashcards/scheduler/fit`, { method: 'POST', headers, body: '{}' })
    .then((r) => json<{ fit: { reviews: number; adopted: boolean; logLoss: number; defaultLogLoss: number } }>(r))
    .finally(() => (done = true));
  const during: number[] = [];
  while (!done) during.push(await ask());
  const { fit: result } = await fit;
  const fitSeconds = (performance.now() - t0) / 1000;
  const quiet: number[] = [];
  for (let i = 0; i < Math.max(50, during.length); i++) quiet.push(await ask());
  const [busy, calm] = [p99(during), p99(quiet)];
  return {
    fit_reviews: result.reviews,
    fit_s: roundFigure(fitSeconds),
    fit_adopted: result.adopted ? 1 : 0,
    due_query_p99_ms_fitting: roundFigure(busy ?? 0),
    due_query_p99_ms_quiet: roundFigure(calm ?? 0),
    due_query_fitting_ratio: busy !== null && calm ? roundFigure(busy / calm) : null,
  };
}

export const practiceBenchmark: Benchmark = {
  name: 'practice',
  description: `due-first list and reviews over HTTP for a learner with ${CARDS.toLocaleString('en-US')} cards`,
  async run() {
    return withScratchDatabases(['practice'], async (urls) => {
      const api = await startApi(urls['practice']!);
      const store = createPostgresEventStore({ connectionString: preferUnixSocket(urls['practice']!), poolSize: 8 });
      try {
        const s = await signUpAndIn(api, 'practice-bench@example.org', 'bench password 123');
        const { uid } = await json<{ uid: string }>(await fetch(`${api.base}/api/user`, { headers: { cookie: s.cookie } }));

        process.stderr.write(`seeding ${CARDS} cards\n`);
        let t0 = performance.now();
        const seeded = await seedCards(store, uid, CARDS);
        const seedSeconds = (performance.now() - t0) / 1000;
        t0 = performance.now();
        await caughtUp(api.base, s, CARDS);
        const catchUpSeconds = (performance.now() - t0) / 1000;

        const cards = (
          await json<{ flashcards: { id: string }[] }>(
            await fetch(`${api.base}/api/flashcards?languageCode=de`, { headers: { cookie: s.cookie } }),
          )
        ).flashcards.map((c) => c.id);
        const headers = { cookie: s.cookie, 'x-verba-csrf': s.csrf, 'content-type': 'application/json' };
        const ratings = ['again', 'hard', 'good', 'easy'];
        const dueRequest = (): autocannon.Request => ({
          method: 'GET',
          path: '/api/practice/flashcards?languageCode=de',
          headers: { cookie: s.cookie },
        });
        let reviews = 0;
        const reviewRequest = (): autocannon.Request => {
          const n = reviews++;
          return {
            method: 'PATCH',
            path: '/api/flashcards',
            headers,
            body: JSON.stringify({ reviews: [{ id: cards[(n * 7919) % cards.length], rating: ratings[n % 4] }] }),
          };
        };
        await load(api.base, 2, dueRequest); // warm-up
        const figures: Record<string, number | null> = {
          seed_events_per_s: roundFigure(seeded.events / seedSeconds),
          catch_up_s: roundFigure(catchUpSeconds),
        };
        let errors = 0;
        for (const connections of LEVELS) {
          process.stderr.write(`${connections} connection(s): due-first list, then reviews, ${SECONDS} s each\n`);
          const due = await load(api.base, connections, dueRequest);
          const review = await load(api.base, connections, reviewRequest);
          const suffix = connections === 1 ? '' : `_c${connections}`;
          Object.assign(figures, {
            [`due_query_rps${suffix}`]: roundFigure(due.rps),
            [`due_query_p99_ms${suffix}`]: roundFigure(due.p99),
            [`review_rps${suffix}`]: roundFigure(review.rps),
            [`review_p99_ms${suffix}`]: roundFigure(review.p99),
          });
          errors += due.errors + review.errors;
        }
        // Fresh headers: autocannon wrote a content-length into the ones its requests shared.
        Object.assign(figures, await fitWhileServing(api.base, s, dueRequest().path!));
        figures['errors'] = errors;
        const rows = Object.entries(figures).map(([k, v]) => {
          const target = TARGETS[k];
          return [
            k,
            formatFigure(v),
            target ? `<= ${target}` : '',
            target === undefined || v === null ? '' : v <= target ? 'PASS' : 'MISS',
          ];
        });
        const report = [
          'Practice benchmark',
          '',
          renderTable(['metric', 'value', 'target', 'result'], rows),
          '',
          `* One learner, ${CARDS} cards (${seeded.events} events: creations and 0-4 FSRS reviews each over the last year),`,
          '  appended 8 at a time straight into the event store; catch_up_s is the API projecting them all.',
          `* ${SECONDS} s a phase after a warm-up. Targets apply to the learner alone (1 connection: one person practising`,
          `  sends one request at a time); _c${LEVELS[1]} is the same with ${LEVELS[1]} connections at once. API, PostgreSQL and load share 2 cores.`,
          '* fit_s: POST /api/flashcards/scheduler/fit over the whole review log (fit_reviews), fsrs-rs on the worker pool;',
          '  due_query_p99_ms_fitting is the due-first list asked one at a time meanwhile, _quiet as many times after it.',
        ].join('\n');
        return {
          report,
          figures: {
            due_query_p99_ms: figures['due_query_p99_ms'] ?? null,
            review_p99_ms: figures['review_p99_ms'] ?? null,
            fit_s: figures['fit_s'] ?? null,
            due_query_fitting_ratio: figures['due_query_fitting_ratio'] ?? null,
          },
        };
      } finally {
        await store.close();
        await api.stop();
      }
    });
  },
};
