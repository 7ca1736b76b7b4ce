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
const TARGETS: Record<string, number> = { due_query_p99_ms: 30, review_p99_ms: 50 };

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
        ].join('\n');
        return {
          report,
          figures: { due_query_p99_ms: figures['due_query_p99_ms'] ?? null, review_p99_ms: figures['review_p99_ms'] ?? null },
        };
      } finally {
        await store.close();
        await api.stop();
      }
    });
  },
};
