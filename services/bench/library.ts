/**
 * Library benchmark: difficulty labels for a reader with a 20,000-word dictionary.
 *   library_page        GET /api/articles (50 labelled articles a page) over HTTP against the all-in-one
 *                       API, 1,000 public articles of ~300 words in the language, pages 1..20 in turn
 *   labels_for_1000     the one query that labels 1,000 articles for the reader (in this process)
 *   peer: naive         the same labels one article at a time (1,000 queries), as a per-article
 *                       computation would do; its ratio to the one query is printed
 * The dictionary is seeded through the API (add-many, 1,000 words a request); articles are appended
 * as Verba's own content straight to the event store; both are waited for through the projections.
 */
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { DIFFICULTY_LABELS } from '@verba/contracts';
import { createKnex } from '../src/platform/db/knex';
import { createPostgresEventStore } from '../src/platform/event-store/postgres/adapter';
import { comparePositions, parsePosition } from '../src/platform/event-store/port';
import { labelsFor } from '../src/contexts/library/queries/difficulty-sql';
import { localModeration } from '../src/contexts/library/adapters/moderation';
import { ArticleCommands } from '../src/contexts/library/commands/articles';
import { ArticleQueries } from '../src/contexts/library/queries/articles';
import { availableParallelism } from 'node:os';
import type { Benchmark } from './lib/benchmark';
import { backgroundBusyPct } from './lib/cpu';
import { withScratchDatabases } from './lib/scratch-db';
import { Latencies, roundFigure } from './lib/stats';
import { formatFigure, renderTable } from './lib/table';
import { signUpAndIn, startApi, type Session } from './api/server';

const scale = Number(process.env.BENCH_SCALE ?? 1);
const DICTIONARY_WORDS = 20_000;
const UNCERTAIN_EVERY = 10; // every 10th dictionary word is uncertain, the rest known
const VOCABULARY = 40_000; // words the articles draw from; the reader knows the first half
const ARTICLES = 1_000;
const WORDS_PER_ARTICLE = 300;
const PAGE_SIZE = 50;
/** The headline is one reader paging (latency); a second run with 4 concurrent clients shows contention. */
const CONNECTIONS = 4;
const PAGE_SECONDS = Math.max(3, Math.round(10 * scale));
const LABEL_RUNS = 20;

const TARGETS = { library_page_p99_ms: 50, labels_for_1000_articles_ms: 100 } as const;

/** Deterministic pseudo-random numbers (mulberry32), so every run writes the same articles. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const word = (i: number) => `wort${i}`;

/** An article whose words lean more or less to frequent (known) ones, so the labels spread. */
function articleText(n: number): string {
  const next = random(n + 1);
  const skew = 1 + (n % 8); // 1: uniform over the vocabulary (hard) ... 8: mostly the most frequent words
  const words: string[] = [];
  for (let i = 0; i < WORDS_PER_ARTICLE; i++) words.push(word(Math.floor(VOCABULARY * next() ** skew)));
  return `${words.join(' ')}.`;
}

async function json(res: Response): Promise<Record<string, unknown>> {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/** Waits until the library's read models reached `position` (the query answers 503 until then). */
async function waitForLibrary(base: string, s: Session, position: string): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const res = await fetch(`${base}/api/articles?languageCode=de&pageSize=1&minPosition=${position}`, { headers: { cookie: s.cookie } });
    if (res.ok) return;
    if (res.status !== 503) throw new Error(`waiting for the library: ${res.status} ${await res.text()}`);
  }
  throw new Error('the library projections did not catch up');
}

async function seedDictionary(base: string, s: Session): Promise<string> {
  const headers = { cookie: s.cookie, 'x-verba-csrf': s.csrf, 'content-type': 'application/json' };
  let position = '';
  for (let start = 0; start < DICTIONARY_WORDS; start += 1000) {
    const indexes = Array.from({ length: 1000 }, (_, i) => start + i);
    for (const status of ['known', 'uncertain'] as const) {
      const words = indexes.filter((i) => (i % UNCERTAIN_EVERY === 0) === (status === 'uncertain')).map(word);
      const body = await json(
        await fetch(`${base}/api/dictionary/add-many`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ languageCode: 'de', words, status }),
        }),
      );
      position = String(body['position']);
    }
  }
  return position;
}

async function seedArticles(url: string): Promise<{ ids: string[]; position: string }> {
  const store = createPostgresEventStore({ connectionString: url, poolSize: 8 });
  const db = createKnex(url, { poolSize: 2 });
  const service = new ArticleCommands(store, db, localModeration, new ArticleQueries(db, { displayNames: async () => new Map() }));
  const ids: string[] = [];
  let position = '';
  const now = Date.now();
  let next = 0;
  const worker = async () => {
    for (let n = next++; n < ARTICLES; n = next++) {
      const articleId = randomUUID();
      ids.push(articleId);
      const p = await service.publish({
        articleId,
        languageCode: 'de',
        name: `Artikel ${n}`,
        category: 'Other',
        level: 'B1',
        content: articleText(n),
        contentFormat: 'text',
        translation: '',
        previewImgSrc: null,
        isPrivate: false,
        isPremiumOnly: false,
        seriesId: null,
        authorDisplayName: 'Verba',
        at: new Date(now - n * 60_000).toISOString(),
      });
      if (p && (!position || comparePositions(parsePosition(p), parsePosition(position)) > 0)) position = p;
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  await store.close();
  await db.destroy();
  return { ids, position };
}

function pageLoad(
  base: string,
  s: Session,
  path: (i: number) => string,
  connections: number,
): Promise<{ rps: number; p99: number; errors: number }> {
  let n = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: base,
        connections,
        duration: PAGE_SECONDS,
        requests: [{ setupRequest: () => ({ method: 'GET', path: path(n++), headers: { cookie: s.cookie } }) }],
      },
      (err, result) =>
        err
          ? reject(err)
          : resolve({ rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx }),
    );
  });
}

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await fn();
  return { ms: performance.now() - t0, value };
}

export const libraryBenchmark: Benchmark = {
  name: 'library',
  description: `labelled library pages for a reader with ${DICTIONARY_WORDS.toLocaleString('en-US')} words (${ARTICLES} articles)`,
  async run() {
    return withScratchDatabases(['library'], async (urls) => {
      const url = urls['library']!;
      const busy = await backgroundBusyPct();
      const api = await startApi(url);
      try {
        const session = await signUpAndIn(api, 'reader@example.org', 'bench password 123');
        const uid = String((await json(await fetch(`${api.base}/api/user`, { headers: { cookie: session.cookie } })))['uid']);

        process.stderr.write(`seeding ${DICTIONARY_WORDS} dictionary words through the API\n`);
        const seedStart = performance.now();
        const dictionaryAt = await seedDictionary(api.base, session);
        process.stderr.write(`seeding ${ARTICLES} articles of ${WORDS_PER_ARTICLE} words\n`);
        const { ids, position } = await seedArticles(url);
        await waitForLibrary(api.base, session, dictionaryAt);
        await waitForLibrary(api.base, session, position);
        const seedSeconds = (performance.now() - seedStart) / 1000;

        const pages = Math.ceil(ARTICLES / PAGE_SIZE);
        const sample = await json(
          await fetch(`${api.base}/api/articles?languageCode=de&pageSize=${PAGE_SIZE}`, { headers: { cookie: session.cookie } }),
        );
        const listed = sample['articles'] as { difficulty: string }[];
        if (listed.length !== PAGE_SIZE) throw new Error(`a page has ${listed.length} articles, not ${PAGE_SIZE}`);

        const newest = (i: number) => `/api/articles?languageCode=de&pageSize=${PAGE_SIZE}&page=${(i % pages) + 1}`;
        process.stderr.write(`library pages for ${PAGE_SECONDS} s: one reader, then ${CONNECTIONS} at once\n`);
        await pageLoad(api.base, session, newest, CONNECTIONS); // warm-up
        const page = await pageLoad(api.base, session, newest, 1);
        const crowd = await pageLoad(api.base, session, newest, CONNECTIONS);
        process.stderr.write(`library pages sorted by difficulty for ${PAGE_SECONDS} s\n`);
        const byDifficulty = await pageLoad(
          api.base,
          session,
          (i) => `/api/articles?languageCode=de&pageSize=${PAGE_SIZE}&sort=difficulty&page=${(i % pages) + 1}`,
          1,
        );

        process.stderr.write('labels for 1,000 articles: one query, then one query per article\n');
        const db = createKnex(url, { poolSize: 2 });
        try {
          const single = new Latencies(LABEL_RUNS);
          let labels = new Map<string, string>();
          for (let i = 0; i < 3 + LABEL_RUNS; i++) {
            const run = await timed(() => labelsFor(db, uid, 'de', ids));
            if (i >= 3) single.add(run.ms);
            labels = run.value;
          }
          const naive = new Latencies(3);
          let mismatches = 0;
          for (let i = 0; i < 3; i++) {
            const run = await timed(async () => {
              for (const id of ids) {
                const one = await labelsFor(db, uid, 'de', [id]);
                if (one.get(id) !== labels.get(id)) mismatches++;
              }
            });
            naive.add(run.ms);
          }
          if (labels.size !== ARTICLES || mismatches) throw new Error(`labels disagree: ${labels.size} labelled, ${mismatches} mismatches`);
          const spread = DIFFICULTY_LABELS.map((l) => `${l} ${[...labels.values()].filter((x) => x === l).length}`).join(', ');

          const labelsMs = single.percentile(50);
          const naiveMs = naive.percentile(50);
          const figures = {
            library_page_p99_ms: roundFigure(page.p99),
            labels_for_1000_articles_ms: roundFigure(labelsMs),
          };
          const row = (name: string, value: number | null, target?: number) => [
            name,
            formatFigure(value),
            target === undefined ? '' : `<= ${target}`,
            target === undefined || value === null ? '' : value <= target ? 'PASS' : 'MISS',
          ];
          const report = [
            'Library benchmark',
            '',
            renderTable(
              ['metric', 'value', 'target', 'result'],
              [
                row('library_page_p99_ms', figures.library_page_p99_ms, TARGETS.library_page_p99_ms),
                row('library_page_rps (one reader)', roundFigure(page.rps)),
                row(`library_page_p99_ms (${CONNECTIONS} readers)`, roundFigure(crowd.p99)),
                row(`library_page_rps (${CONNECTIONS} readers)`, roundFigure(crowd.rps)),
                row('library_page_by_difficulty_p99_ms', roundFigure(byDifficulty.p99)),
                row('labels_for_1000_articles_ms', figures.labels_for_1000_articles_ms, TARGETS.labels_for_1000_articles_ms),
                row('labels_for_1000_max_ms', roundFigure(single.percentile(100))),
                row('peer: naive_per_article_1000_ms', roundFigure(naiveMs)),
                row('naive / one query (x)', roundFigure(naiveMs / labelsMs)),
                row('errors', page.errors + crowd.errors + byDifficulty.errors),
              ],
            ),
            '',
            `* Reader: ${DICTIONARY_WORDS.toLocaleString('en-US')} words (every ${UNCERTAIN_EVERY}th uncertain); ${ARTICLES} public articles of ${WORDS_PER_ARTICLE} words from a ${VOCABULARY.toLocaleString('en-US')}-word vocabulary; seeding took ${seedSeconds.toFixed(1)} s.`,
            `* Page: GET /api/articles, ${PAGE_SIZE} labelled articles, pages 1..${pages} in turn, for ${PAGE_SECONDS} s after a warm-up: one autocannon`,
            `  connection (a reader paging), then ${CONNECTIONS} at once;`,
            '  by_difficulty sorts by label, so it labels every article of the language before paging.',
            `* Labels: median of ${LABEL_RUNS} runs of the one query; the peer is the same label computed one article at a time (median of 3).`,
            `* Labels of the 1,000: ${spread}.`,
            `* API, PostgreSQL and the load generator share the ${availableParallelism()} cores; before the run the machine was ${busy === null ? 'n/a' : `${busy.toFixed(0)}%`} busy with other work.`,
          ].join('\n');
          return { report, figures };
        } finally {
          await db.destroy();
        }
      } finally {
        await api.stop();
      }
    });
  },
};
