import type { Knex } from 'knex';
import { insertRows, quoted, type Column } from '../../../platform/projections/bulk-load';
import type { TableNames } from '../../../platform/projections/projection';

/**
 * Per-day rollups for the admin language analytics over a range (the dashboard query), kept by the
 * projection in the same transaction as the rows they summarise, so a rebuild or an as-of rebuild makes
 * them too.
 *
 * Sums (reads, chapters, seconds) add up per language and day. Distinct counts over a range (active users,
 * articles read, chapters completed) do not, so each member's active days are summarised by their *gap*:
 * a row (language, day, gap, n) says n members were active on `day` whose previous active day was `gap`
 * days before (0: never before). A member is active in [from, to] exactly once on its first day there,
 * the day whose gap reaches back before `from`; so the distinct count is
 *   sum(n) where day between from and to and (gap = 0 or gap > day - from)
 * about 30 days x a few dozen gaps a language, instead of every activity row of the range.
 */
export const ROLLUP_TABLES = [
  'analytics_language_days',
  'analytics_active_gaps',
  'analytics_article_gaps',
  'analytics_chapter_gaps',
] as const;

export async function createRollupTables(trx: Knex.Transaction, t: TableNames): Promise<void> {
  await trx.schema.createTable(t('analytics_language_days'), (tb) => {
    tb.text('language').notNullable();
    tb.date('day').notNullable();
    tb.integer('reads').notNullable().defaultTo(0);
    tb.integer('chapters').notNullable().defaultTo(0);
    tb.bigInteger('seconds').notNullable().defaultTo(0);
    tb.primary(['language', 'day']);
  });
  for (const table of ROLLUP_TABLES.slice(1)) {
    await trx.schema.createTable(t(table), (tb) => {
      tb.text('language').notNullable();
      tb.date('day').notNullable();
      tb.integer('gap').notNullable();
      tb.integer('n').notNullable();
      tb.primary(['language', 'day', 'gap']);
    });
  }
}

/** Which member table a gap rollup summarises, and the column naming the member. */
export interface GapSource {
  source: string;
  member: string;
  target: string;
}
/** The columns of a gap rollup table, for its bulk and live writes. */
export const GAP_COLUMNS: readonly Column[] = [
  ['language', 'text'],
  ['day', 'date'],
  ['gap', 'int'],
  ['n', 'int'],
];
export const ACTIVE_GAPS: GapSource = { source: 'analytics_activity', member: 'user_id', target: 'analytics_active_gaps' };
export const ARTICLE_GAPS: GapSource = { source: 'analytics_articles', member: 'article_id', target: 'analytics_article_gaps' };
export const CHAPTER_GAPS: GapSource = { source: 'analytics_chapters', member: 'chapter_id', target: 'analytics_chapter_gaps' };

type Touch = { member: string; language: string; from: string };
type Contribution = { language: string; day: string; gap: number; n: number };

/**
 * The gap rows of the members' days on or after `from` (the earliest day the batch touches for each): only
 * those can change when days are added at or after `from`. Read once before the batch's rows are written
 * and once after; the difference is applied.
 */
async function contributions(trx: Knex.Transaction, t: TableNames, g: GapSource, touched: readonly Touch[]): Promise<Contribution[]> {
  if (!touched.length) return [];
  const src = t(g.source);
  const { rows } = await trx.raw(
    `select language, to_char(day, 'YYYY-MM-DD') as day, gap, count(*)::int as n from (
       select a.language, a.day, t.since,
              coalesce(a.day - lag(a.day) over (partition by a.?? , a.language order by a.day), 0) as gap
       from unnest(?::uuid[], ?::text[], ?::date[]) as t(member, language, since)
       join ?? a on a.?? = t.member and a.language = t.language
        and a.day >= coalesce((select max(p.day) from ?? p where p.?? = t.member and p.language = t.language and p.day < t.since), t.since)
     ) g where day >= since group by 1, 2, 3`,
    [g.member, touched.map((x) => x.member), touched.map((x) => x.language), touched.map((x) => x.from), src, g.member, src, g.member],
  );
  return rows as Contribution[];
}

/** Applies after - before to the gap table; rows that reach 0 are removed so equal histories give equal tables. */
async function applyDifference(
  trx: Knex.Transaction,
  t: TableNames,
  g: GapSource,
  before: Contribution[],
  after: Contribution[],
): Promise<void> {
  const net = new Map<string, number>();
  for (const c of before) net.set(`${c.language}|${c.day}|${c.gap}`, (net.get(`${c.language}|${c.day}|${c.gap}`) ?? 0) - c.n);
  for (const c of after) net.set(`${c.language}|${c.day}|${c.gap}`, (net.get(`${c.language}|${c.day}|${c.gap}`) ?? 0) + c.n);
  const changed = [...net]
    .filter(([, n]) => n !== 0)
    .map(([k, n]) => {
      const [language, day, gap] = k.split('|');
      return { language: language!, day: day!, gap: Number(gap), n };
    });
  if (!changed.length) return;
  const target = t(g.target);
  await insertRows(
    trx,
    target,
    GAP_COLUMNS,
    changed.map((c) => [c.language, c.day, c.gap, c.n]),
    {
      key: ['language', 'day', 'gap'],
      merge: `n = ${quoted(target)}.n + excluded.n`,
    },
  );
  const fell = changed.filter((c) => c.n < 0);
  if (fell.length) {
    await trx.raw(
      `delete from ?? r using unnest(?::text[], ?::date[], ?::int[]) as k(language, day, gap)
       where r.language = k.language and r.day = k.day and r.gap = k.gap and r.n = 0`,
      [target, fell.map((c) => c.language), fell.map((c) => c.day), fell.map((c) => c.gap)],
    );
  }
}

/** One row of a gap rollup: n members active on `day` in `language` whose previous active day was `gap` days before. */
export type GapRow = [language: string, day: string, gap: number, n: number];

/**
 * A bulk rebuild's gap rollup, computed from the member days it holds in memory (keys "member|language|day",
 * each once): the rows a window pass over the loaded member table would give, without that pass's sort on
 * the server.
 */
export function gapRows(keys: Iterable<string>): GapRow[] {
  const dayNumber = new Map<string, number>();
  const dayText = new Map<number, string>();
  const days = new Map<string, number[]>();
  for (const key of keys) {
    const cut = key.lastIndexOf('|');
    const text = key.slice(cut + 1);
    let d = dayNumber.get(text);
    if (d === undefined) {
      d = Date.parse(`${text}T00:00:00Z`) / 86_400_000;
      dayNumber.set(text, d);
      dayText.set(d, text);
    }
    const group = key.slice(0, cut);
    const list = days.get(group);
    if (list) list.push(d);
    else days.set(group, [d]);
  }
  // Per language, counts keyed by day * 2^20 + gap: numbers, not strings, for the few hundred thousand days.
  const counts = new Map<string, Map<number, number>>();
  for (const [group, list] of days) {
    const language = group.slice(group.lastIndexOf('|') + 1);
    let byDay = counts.get(language);
    if (!byDay) counts.set(language, (byDay = new Map()));
    list.sort((a, b) => a - b);
    for (let i = 0; i < list.length; i++) {
      const k = list[i]! * GAP_SPAN + (i ? list[i]! - list[i - 1]! : 0);
      byDay.set(k, (byDay.get(k) ?? 0) + 1);
    }
  }
  const rows: GapRow[] = [];
  for (const [language, byDay] of counts) {
    for (const [k, n] of byDay) {
      const gap = ((k % GAP_SPAN) + GAP_SPAN) % GAP_SPAN;
      rows.push([language, dayText.get((k - gap) / GAP_SPAN)!, gap, n]);
    }
  }
  return rows;
}

/** Gaps are below 2^20 days (about 2,870 years). */
const GAP_SPAN = 2 ** 20;

/**
 * Keeps one gap rollup while `write` adds member days (keys "member|language|day"). Gaps change only when
 * a member gains a day it did not have: a batch of days all known already (a learner's tenth mark of the
 * day) costs one look-up instead of the two window passes.
 */
export async function withGaps(
  trx: Knex.Transaction,
  t: TableNames,
  g: GapSource,
  keys: Iterable<string>,
  write: () => Promise<void>,
): Promise<void> {
  const earliest = new Map<string, string>();
  const days: [string, string, string][] = [];
  for (const key of keys) {
    const [member, language, day] = key.split('|') as [string, string, string];
    days.push([member, language, day]);
    const k = `${member}|${language}`;
    const was = earliest.get(k);
    if (!was || day < was) earliest.set(k, day);
  }
  if (!days.length || !(await anyNewDay(trx, t(g.source), g.member, days))) return write();
  const touched = [...earliest].map(([k, from]) => {
    const [member, language] = k.split('|') as [string, string];
    return { member, language, from };
  });
  const before = await contributions(trx, t, g, touched);
  await write();
  await applyDifference(trx, t, g, before, await contributions(trx, t, g, touched));
}

async function anyNewDay(
  trx: Knex.Transaction,
  source: string,
  member: string,
  days: readonly [string, string, string][],
): Promise<boolean> {
  const { rows } = await trx.raw(
    `select exists (select 1 from unnest(?::uuid[], ?::text[], ?::date[]) as k(member, language, day)
       where not exists (select 1 from ?? a where a.?? = k.member and a.language = k.language and a.day = k.day)) as found`,
    [days.map((d) => d[0]), days.map((d) => d[1]), days.map((d) => d[2]), source, member],
  );
  return Boolean((rows as { found: boolean }[])[0]?.found);
}

/** Adds a batch's per-day sums. */
export async function addDaySums(
  trx: Knex.Transaction,
  t: TableNames,
  sums: Map<string, { reads: number; chapters: number; seconds: number }>,
): Promise<void> {
  // A row exists only while it holds something, so a rebuild and the live model have the same rows.
  const rows = [...sums]
    .filter(([, s]) => s.reads || s.chapters || s.seconds)
    .map(([k, s]) => ({ k: k.split('|') as [string, string], ...s }));
  if (!rows.length) return;
  const table = t('analytics_language_days');
  await insertRows(
    trx,
    table,
    [
      ['language', 'text'],
      ['day', 'date'],
      ['reads', 'int'],
      ['chapters', 'int'],
      ['seconds', 'bigint'],
    ],
    rows.map((r) => [r.k[0], r.k[1], r.reads, r.chapters, r.seconds]),
    {
      key: ['language', 'day'],
      merge: ['reads', 'chapters', 'seconds'].map((c) => `${c} = ${quoted(table)}.${c} + excluded.${c}`).join(', '),
    },
  );
}

/** Before a deleted user's activity rows go: their sums and their active days leave the rollups. */
export async function eraseFromRollups(trx: Knex.Transaction, t: TableNames, userId: string): Promise<void> {
  const table = t('analytics_language_days');
  await trx.raw(
    `update ?? d set reads = d.reads - a.reads, chapters = d.chapters - a.chapters, seconds = d.seconds - a.seconds
     from (select language, day, sum(reads) reads, sum(chapters) chapters, sum(seconds) seconds from ?? where user_id = ? group by 1, 2) a
     where d.language = a.language and d.day = a.day`,
    [table, t('analytics_activity'), userId],
  );
  await trx.raw(
    `delete from ?? d using (select distinct language, day from ?? where user_id = ?) a
     where d.language = a.language and d.day = a.day and d.reads = 0 and d.chapters = 0 and d.seconds = 0`,
    [table, t('analytics_activity'), userId],
  );
  const languages = (await trx(t('analytics_activity')).where({ user_id: userId }).distinct('language')) as { language: string }[];
  const touched = languages.map((l) => ({ member: userId, language: l.language, from: '0001-01-01' }));
  const before = await contributions(trx, t, ACTIVE_GAPS, touched);
  await applyDifference(trx, t, ACTIVE_GAPS, before, []);
}
