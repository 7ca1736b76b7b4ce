/**
 * Analytics benchmark: `npm run bench -w services -- analytics`.
 *   rebuild_eps               the analytics projection rebuilt blue/green by the projection runner from a
 *                             log of 1,000,000 events (10,000 learners over a year), events per second, with
 *                             its bulk fold; the batch-by-batch rebuild is measured before it in the same run
 *   asof_rebuild_s_1m_events  `rebuild analytics --as-of` for a day in the middle of that year, seconds
 *   dashboard_p99_ms          the admin language analytics query (30 days, every language), p99 of 200
 *   peer: log_read_eps        reading the same log in order without projecting it: the ceiling a rebuild
 *                             can approach on this machine, measured in the same run
 * The log is written with one INSERT ... SELECT on the server (the events as the contexts append them).
 */
import { randomUUID } from 'node:crypto';
import { createKnex } from '../src/platform/db/knex';
import { createPostgresEventStore, migrateEventStore } from '../src/platform/event-store/postgres/adapter';
import { START } from '../src/platform/event-store/port';
import { rebuildAsOf } from '../src/platform/projections/as-of';
import { ProjectionRunner, migrateProjections } from '../src/platform/projections/runner';
import { AnalyticsQueries } from '../src/contexts/analytics/queries';
import { analyticsModule } from '../src/runtime/modules';
import type { Benchmark } from './lib/benchmark';
import { withScratchDatabases } from './lib/scratch-db';
import { Latencies, roundFigure } from './lib/stats';
import { formatFigure, renderTable } from './lib/table';
import { meetsTarget, type Target } from './lib/targets';

const scale = Number(process.env.BENCH_SCALE ?? 1);
const EVENTS = Math.round(1_000_000 * scale);
const USERS = Math.max(100, Math.round(10_000 * scale));
const QUERIES = 200;
/** The goals: the as-of rebuild must take less than 30 s for 1,000,000 events (strictly). */
export const ANALYTICS_TARGETS = {
  rebuild_eps: ['>=', 50_000],
  asof_rebuild_s_1m_events: ['<', 30],
  dashboard_p99_ms: ['<=', 50],
} as const satisfies Record<string, Target>;

/** Learners register and onboard, then read, spend time, mark words, review cards and complete chapters. */
const USERS_SQL = /* sql */ `
insert into es_events (stream_id, stream_revision, event_id, type, schema_version, data, metadata)
select 'identity-user-' || id, r, ('a' || lpad(to_hex(i), 7, '0') || '-0000-4000-8000-00000000000' || r)::uuid,
       case r when 0 then 'identity.UserRegistered' else 'identity.OnboardingCompleted' end, 1,
       case r when 0 then jsonb_build_object('userId', id, 'emailHash', 'h', 'email', 'v1.x', 'name', 'v1.x', 'provider', 'password', 'at', to_char(joined at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'))
              else jsonb_build_object('language', lang, 'level', 'A1', 'at', to_char(joined at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')) end,
       '{}'::jsonb
from (select i, '00000000-0000-4000-8000-' || lpad(to_hex(i), 12, '0') as id, (array['de','fr','es','ru'])[1 + i % 4] as lang,
             timestamptz '2026-01-01' + (i % 300) * interval '1 day' as joined from generate_series(1, $1::int) i) u,
     generate_series(0, 1) r
order by i, r;
`;
const ACTIVITY_SQL = /* sql */ `
insert into es_events (stream_id, stream_revision, event_id, type, schema_version, data, metadata)
select 'bench-' || n, 0, ('b' || lpad(to_hex(n), 7, '0') || '-0000-4000-8000-000000000000')::uuid, type, 1, data, '{}'::jsonb
from (
  select n, k, id, lang, at,
         (array['library.ArticleRead','identity.TimeRecorded','vocabulary.WordStatusChanged','practice.FlashcardReviewed','learning.ChapterCompleted'])[k] as type,
         case k
           when 1 then jsonb_build_object('userId', id, 'articleId', '00000000-0000-4000-9000-' || lpad(to_hex(n % 2000), 12, '0'), 'language', lang, 'day', left(at, 10), 'at', at)
           when 2 then jsonb_build_object('userId', id, 'language', lang, 'seconds', 60 + n % 600, 'at', at)
           when 3 then jsonb_build_object('userId', id, 'language', lang, 'word', 'w' || (n % 5000), 'status', (array['known','uncertain','new'])[1 + n % 3], 'at', at)
           when 4 then jsonb_build_object('userId', id, 'cardId', '00000000-0000-4000-a000-' || lpad(to_hex(n % 100000), 12, '0'), 'reviewId', gen_random_uuid(), 'language', lang,
                         'rating', 'good', 'source', 'flashcards', 'scheduled', true, 'before', $3::jsonb, 'after', $3::jsonb, 'at', at)
           else jsonb_build_object('userId', id, 'courseId', '00000000-0000-4000-b000-000000000001', 'lessonId', '00000000-0000-4000-b000-000000000002',
                         'chapterId', '00000000-0000-4000-b000-' || lpad(to_hex(n % 300), 12, '0'), 'at', at)
         end as data
  from (
    select n, 1 + (n * 7) % 20 as pick, '00000000-0000-4000-8000-' || lpad(to_hex(u), 12, '0') as id, (array['de','fr','es','ru'])[1 + u % 4] as lang,
           to_char((timestamptz '2026-01-01' + (u % 300) * interval '1 day' + ((n::bigint * 48271) % (365 * 1440)) * interval '1 minute') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at
    from (select n, 1 + (n * 2654435761::bigint % $2::int)::int as u from generate_series(1, $1::int) n) x
  ) y, lateral (select case when pick <= 8 then 1 when pick <= 12 then 2 when pick <= 16 then 3 when pick <= 19 then 4 else 5 end as k) kk
) z
order by at;
`;

const fsrs = JSON.stringify({
  due: '2026-01-01T00:00:00Z',
  stability: 1,
  difficulty: 5,
  scheduledDays: 1,
  learningSteps: 0,
  reps: 1,
  lapses: 0,
  state: 'review',
  lastReview: null,
});

export const analyticsBenchmark: Benchmark = {
  name: 'analytics',
  description: `analytics rebuild, as-of rebuild and the language analytics query over ${EVENTS.toLocaleString('en')} events`,
  async run() {
    return withScratchDatabases(['analytics'], async (urls) => {
      const url = urls['analytics']!;
      const store = createPostgresEventStore({ connectionString: url });
      const db = createKnex(url, { poolSize: 4 });
      try {
        await migrateEventStore(store.pool);
        await migrateProjections(db);
        let started = Date.now();
        process.stderr.write(`writing ${EVENTS} events\n`);
        await store.pool.query(USERS_SQL, [USERS]);
        await store.pool.query(ACTIVITY_SQL, [EVENTS - 2 * USERS, USERS, fsrs]);
        await store.pool.query('analyze');
        const writeSeconds = (Date.now() - started) / 1000;

        process.stderr.write('peer: reading the log in order\n');
        started = Date.now();
        let read = 0;
        for (let at = START; ;) {
          const batch = await store.readAll({ after: at, maxCount: 5000 });
          read += batch.length;
          if (batch.length < 5000) break;
          at = batch[batch.length - 1]!.position;
        }
        const logReadEps = read / ((Date.now() - started) / 1000);

        const projection = analyticsModule.projections![0]!;
        // Before and after, side by side: the same rebuild batch by batch (a transaction per 5,000 events),
        // then with the projection's bulk fold (the whole log folded in memory, written once).
        process.stderr.write('rebuilding analytics batch by batch\n');
        started = Date.now();
        const batched = await new ProjectionRunner({ store, db, projections: [projection], batchSize: 5000, bulkRebuilds: false }).rebuild(
          projection.name,
        );
        const batchedSeconds = (Date.now() - started) / 1000;
        process.stderr.write('rebuilding analytics with the bulk fold\n');
        const runner = new ProjectionRunner({ store, db, projections: [projection], batchSize: 5000 });
        started = Date.now();
        const rebuilt = await runner.rebuild(projection.name);
        const rebuildSeconds = (Date.now() - started) / 1000;

        process.stderr.write('rebuilding analytics as of 2026-07-01\n');
        started = Date.now();
        const asOf = await rebuildAsOf(store, db, projection, '2026-07-01');
        const asOfSeconds = (Date.now() - started) / 1000;

        process.stderr.write(`language analytics query x${QUERIES}\n`);
        const queries = new AnalyticsQueries(db);
        const latencies = new Latencies(QUERIES);
        for (let i = 0; i < QUERIES + 20; i++) {
          const to = new Date(Date.UTC(2026, 1, 1) + (i % 300) * 86_400_000).toISOString().slice(0, 10);
          const from = new Date(Date.parse(to) - 29 * 86_400_000).toISOString().slice(0, 10);
          const t0 = performance.now();
          await queries.languages(from, to);
          if (i >= 20) latencies.add(performance.now() - t0); // the first 20 warm the caches
        }

        const figures = {
          rebuild_eps: roundFigure(rebuilt.events / rebuildSeconds),
          asof_rebuild_s_1m_events: roundFigure((asOfSeconds * 1_000_000) / asOf.events),
          dashboard_p99_ms: roundFigure(latencies.percentile(99)),
        };
        const rows = Object.entries(figures).map(([k, v]) => {
          const target = ANALYTICS_TARGETS[k as keyof typeof ANALYTICS_TARGETS];
          return [k, formatFigure(v), `${target[0]} ${target[1]}`, meetsTarget(v, target) ? 'PASS' : 'MISS'];
        });
        rows.push([
          'before: rebuild_eps batch by batch',
          formatFigure(roundFigure(batched.events / batchedSeconds)),
          '',
          `bulk fold ${formatFigure(roundFigure(batchedSeconds / rebuildSeconds))}x faster`,
        ]);
        // Where the bulk rebuild's time goes, phase by phase (the runner times them; see RebuildPhases).
        const ph = rebuilt.phases;
        const secs = (ms: number) => (ms / 1000).toFixed(1);
        rows.push([
          'bulk phases s: setup/read wait/fold/write',
          `${secs(ph.setup)} / ${secs(ph.read)} / ${secs(ph.fold)} / ${secs(ph.write)}`,
          '',
          '',
        ]);
        rows.push([
          'bulk phases s: catch-up/switch/drop/total',
          `${secs(ph.catchUp)} / ${secs(ph.switch)} / ${secs(ph.drop)} / ${rebuildSeconds.toFixed(1)}`,
          '',
          '',
        ]);
        rows.push([
          'peer: log_read_eps',
          formatFigure(roundFigure(logReadEps)),
          '',
          `rebuild at ${formatFigure(roundFigure(rebuilt.events / rebuildSeconds / logReadEps))} of it`,
        ]);
        const report = [
          'Analytics benchmark',
          '',
          renderTable(['metric', 'value', 'target', 'result'], rows),
          '',
          `* ${read.toLocaleString('en')} events (${USERS} learners registering over 300 days, then reads, time, words, reviews and chapters`,
          `  over a year), written in ${writeSeconds.toFixed(1)} s. The rebuild is the runner's blue/green rebuild with the bulk fold (pages of
  20,000, the next read while one is folded; rebuild_eps) and, before it in the same run, reading batches of 5,000 and applying each in its own transaction;`,
          `  the as-of rebuild applied ${asOf.applied.toLocaleString('en')} of them (facts by 2026-07-01) in ${asOfSeconds.toFixed(1)} s, scaled to 1,000,000.`,
          `* dashboard: AnalyticsQueries.languages over 30 days, every language, p99 of ${QUERIES} after 20 warm-up queries.`,
          `* run ${randomUUID().slice(0, 8)}; PostgreSQL and the benchmark share the machine's cores.`,
        ].join('\n');
        return { report, figures };
      } finally {
        await db.destroy();
        await store.close();
      }
    });
  },
};
