/**
 * Library benchmark: difficulty labels for a reader with a 20,000-word dictionary.
 *   library_page        GET /api/articles (50 labelled articles a page) over HTTP against the all-in-one
 *                       API, 1,000 public articles of ~300 words in the language, pages 1..20 in turn
 *   labels_for_1000     the one query that labels 1,000 articles for the reader (in this process), counting
 *                       word families (a form counts as known when any form of its family is): the
 *                       product's rule since issue 38.2; its ratio to the 100 ms limit is printed
 *   forms_only          the same query counting each form by its own mark (the rule before families), timed
 *                       in turn with it in the same run: what families cost
 *   peer: naive         the same labels one article at a time (1,000 queries), as a per-article
 *                       computation would do; its ratio to the one query is printed
 * Words are real German dictionary keys (inflected forms and base words, shuffled), so families link words
 * of the reader's dictionary to other forms in the articles, as in real texts. The reader also made family
 * choices of their own (issue 38.2's overrides, which the labels honour): FAMILY_CHOICES forms given a base
 * word by hand and as many split off, through the API.
 * The dictionary is seeded through the API (add-many, 1,000 words a request); articles are appended
 * as Verba's own content straight to the event store; both are waited for through the projections.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import type { Knex } from 'knex';
import { DIFFICULTY_LABELS, ESTIMATED_KNOWN_PERCENT_TABLE, MARKS_FOR_PERSONAL_LABELS, tokenize } from '@verba/contracts';
import { DICTIONARIES_DIR } from '../src/platform/data-files';
import { createKnex } from '../src/platform/db/knex';
import { createPostgresEventStore } from '../src/platform/event-store/postgres/adapter';
import { comparePositions, parsePosition } from '../src/platform/event-store/port';
import { countedTotalSql, labelAt, labelIndexSql, labelsFor } from '../src/contexts/library/queries/difficulty-sql';
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
/** Forms the reader gave a known base word by hand, and as many known forms they split off ("not the same word"). */
const FAMILY_CHOICES = 100;
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

/**
 * The articles' vocabulary: VOCABULARY distinct German dictionary keys (lower-cased, single words as the
 * tokenizer keys them), shuffled the same way every run. Index 0 is the "most frequent"; the reader marks
 * the first DICTIONARY_WORDS.
 */
let vocabulary: readonly string[] | undefined;
function vocabularyWords(): readonly string[] {
  if (vocabulary) return vocabulary;
  const data = gunzipSync(fs.readFileSync(path.join(DICTIONARIES_DIR, 'de.tsv.gz'))).toString('utf8');
  const keys = new Set<string>();
  for (const line of data.split('\n')) {
    const key = line.slice(0, line.indexOf('\t')).toLowerCase();
    if (!/^\p{L}{2,24}$/u.test(key)) continue;
    const tokens = tokenize(key);
    if (tokens.length === 1 && tokens[0]!.kind === 'word' && tokens[0]!.key === key) keys.add(key);
  }
  const all = [...keys];
  const next = random(38);
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  if (all.length < VOCABULARY) throw new Error(`the German dictionary has ${all.length} usable keys, not ${VOCABULARY}`);
  vocabulary = all.slice(0, VOCABULARY);
  return vocabulary;
}

const word = (i: number) => vocabularyWords()[i]!;

/** An article whose words lean more or less to frequent (known) ones, so the labels spread. */
function articleText(n: number): string {
  const next = random(n + 1);
  const skew = 1 + (n % 8); // 1: uniform over the vocabulary (hard) ... 8: mostly the most frequent words
  const words: string[] = [];
  for (let i = 0; i < WORDS_PER_ARTICLE; i++) words.push(word(Math.floor(VOCABULARY * next() ** skew)));
  return `${words.join(' ')}.`;
}

/**
 * The label query as it was before word families (0de937c), kept here as the peer: each form counted by its
 * own mark, the arrays unnested in FROM, each status summed by its own lookup.
 */
async function labelsBeforeFamilies(db: Knex, userId: string, articleIds: string[]): Promise<Map<string, string>> {
  const words = (status: string) => `(select r.word_hash from library_reader_words r where r.user_id = ? and r.status = '${status}')`;
  const sum = (filter: string) => `coalesce(sum(u.occurrences) filter (where ${filter}), 0)::int`;
  const pairs = ESTIMATED_KNOWN_PERCENT_TABLE.map((p) => `when '${p.textLevel}:${p.learnerLevel}' then ${p.percent}`).join(' ');
  const estimate = `(select l.language, l.level from library_reader_levels l where l.user_id = ?
      and (select count(*) from (select 1 from library_reader_words r where r.user_id = l.user_id and r.language = l.language
                                    and r.status <> 'ignored' limit ${MARKS_FOR_PERSONAL_LABELS}) m) < ${MARKS_FOR_PERSONAL_LABELS})`;
  const counts = `select w.article_id,
         x.known + coalesce((case la.level || ':' || e.level ${pairs} end), 0) * (x.total - x.known - x.uncertain - x.ignored) / 100.0 as known,
         x.uncertain, x.ignored, e.level is not null as estimated
    from library_article_words w
    join library_articles la on la.id = w.article_id
    left join ${estimate} e on e.language = w.language
    cross join lateral (
      select ${sum(`u.hash in ${words('known')}`)} as known, ${sum(`u.hash in ${words('uncertain')}`)} as uncertain,
             ${sum(`u.hash in ${words('ignored')}`)} as ignored, coalesce(sum(u.occurrences), 0)::int as total
        from unnest(w.word_hashes, w.occurrences) as u(hash, occurrences)) x
   where w.article_id = any(array(select id from ids))`;
  const { rows } = await db.raw(
    `with ids as (select unnest(?::uuid[]) as id), counts as (${counts})
     select a.id, ${labelIndexSql(countedTotalSql('a'), 'coalesce(c.known, 0)', 'coalesce(c.uncertain, 0)')} as label_index
       from library_articles a left join counts c on c.article_id = a.id
      where a.id in (select id from ids) and a.language = 'de'`,
    [articleIds, userId, userId, userId, userId],
  );
  return new Map((rows as { id: string; label_index: number }[]).map((r) => [r.id, labelAt(r.label_index)]));
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

/**
 * The reader's own family choices: FAMILY_CHOICES words they have not marked, each given a base word they know
 * (so it counts as known), and FAMILY_CHOICES words they know split off (their other forms no longer known through them).
 */
async function seedFamilyChoices(base: string, s: Session): Promise<string> {
  const headers = { cookie: s.cookie, 'x-verba-csrf': s.csrf, 'content-type': 'application/json' };
  let position = '';
  const send = async (method: string, url: string, body: Record<string, unknown>) => {
    const answer = await json(await fetch(`${base}${url}`, { method, headers, body: JSON.stringify({ languageCode: 'de', ...body }) }));
    if (answer['position']) position = String(answer['position']);
  };
  for (let i = 0; i < FAMILY_CHOICES; i++) {
    await send('PUT', '/api/dictionary/families/base', { word: word(DICTIONARY_WORDS + 1 + i * 97), base: word(1 + i * 13) });
    await send('POST', '/api/dictionary/families/split', { word: word(3 + i * 17) });
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
        const choicesAt = await seedFamilyChoices(api.base, session);
        process.stderr.write(`seeding ${ARTICLES} articles of ${WORDS_PER_ARTICLE} words\n`);
        const { ids, position } = await seedArticles(url);
        await waitForLibrary(api.base, session, dictionaryAt);
        await waitForLibrary(api.base, session, choicesAt);
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

        process.stderr.write(
          'labels for 1,000 articles: by families, by forms and by the query before families in turn, then one query per article\n',
        );
        const db = createKnex(url, { poolSize: 2 });
        try {
          const single = new Latencies(LABEL_RUNS);
          const formsOnly = new Latencies(LABEL_RUNS);
          const before = new Latencies(LABEL_RUNS);
          let labels = new Map<string, string>();
          let formLabels = new Map<string, string>();
          let mismatches = 0;
          // In turn, so all three see the same machine.
          for (let i = 0; i < 3 + LABEL_RUNS; i++) {
            const run = await timed(() => labelsFor(db, uid, 'de', ids));
            const forms = await timed(() => labelsFor(db, uid, 'de', ids, 'forms'));
            const previous = await timed(() => labelsBeforeFamilies(db, uid, ids));
            if (i >= 3) {
              single.add(run.ms);
              formsOnly.add(forms.ms);
              before.add(previous.ms);
            }
            // The old query must give what counting forms gives today.
            for (const id of ids) if (previous.value.get(id) !== forms.value.get(id)) mismatches++;
            labels = run.value;
            formLabels = forms.value;
          }
          const naive = new Latencies(3);
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
          const spreadOf = (of: Map<string, string>) =>
            DIFFICULTY_LABELS.map((l) => `${l} ${[...of.values()].filter((x) => x === l).length}`).join(', ');
          const easier = ids.filter(
            (id) => DIFFICULTY_LABELS.indexOf(labels.get(id) as never) < DIFFICULTY_LABELS.indexOf(formLabels.get(id) as never),
          );
          const harder = ids.filter(
            (id) => DIFFICULTY_LABELS.indexOf(labels.get(id) as never) > DIFFICULTY_LABELS.indexOf(formLabels.get(id) as never),
          );

          const labelsMs = single.percentile(50);
          const formsMs = formsOnly.percentile(50);
          const beforeMs = before.percentile(50);
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
                row('labels_for_1000 / limit (x)', roundFigure(labelsMs / TARGETS.labels_for_1000_articles_ms)),
                row('labels_for_1000_max_ms', roundFigure(single.percentile(100))),
                row('peer: labels_for_1000_before_families_ms', roundFigure(beforeMs)),
                row('families / before families (x)', roundFigure(labelsMs / beforeMs)),
                row('labels_for_1000_forms_only_ms (same query)', roundFigure(formsMs)),
                row('families / forms only (x)', roundFigure(labelsMs / formsMs)),
                row('peer: naive_per_article_1000_ms', roundFigure(naiveMs)),
                row('naive / one query (x)', roundFigure(naiveMs / labelsMs)),
                row('errors', page.errors + crowd.errors + byDifficulty.errors),
              ],
            ),
            '',
            `* Reader: ${DICTIONARY_WORDS.toLocaleString('en-US')} words (every ${UNCERTAIN_EVERY}th uncertain), ${FAMILY_CHOICES} forms given a base word by hand and ${FAMILY_CHOICES} split off; ${ARTICLES} public articles of ${WORDS_PER_ARTICLE} words from a ${VOCABULARY.toLocaleString('en-US')}-word vocabulary; seeding took ${seedSeconds.toFixed(1)} s.`,
            `* Page: GET /api/articles, ${PAGE_SIZE} labelled articles, pages 1..${pages} in turn, for ${PAGE_SECONDS} s after a warm-up: one autocannon`,
            `  connection (a reader paging), then ${CONNECTIONS} at once;`,
            '  by_difficulty sorts by label, so it labels every article of the language before paging.',
            `* Labels: median of ${LABEL_RUNS} runs of the one query, counting families, each followed by the same query counting`,
            '  forms only and by the query before families (0de937c, forms only: its labels must equal forms_only); the naive',
            '  peer is the same label (families) computed one article at a time (median of 3).',
            `* Words: ${VOCABULARY.toLocaleString('en-US')} German dictionary keys, shuffled (forms and base words).`,
            `* Labels of the 1,000 by families: ${spreadOf(labels)}.`,
            `* By forms only: ${spreadOf(formLabels)}; families made ${easier.length} easier${harder.length ? `, ${harder.length} harder` : ''}.`,
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
