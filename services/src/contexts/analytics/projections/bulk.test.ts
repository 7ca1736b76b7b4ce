import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnex, type Knex } from '../../../platform/db/knex';
import type { Projection, TableNames } from '../../../platform/projections/projection';
import { testEngines, type TestDatabase } from '../../../../test-support/platform/databases';
import { History, composedAnalyticsProjection, uuidOf } from '../../../../test-support/analytics-history';

/**
 * The bulk fold's write on each engine: COPY on PostgreSQL, the unnest inserts on PGlite. Both must give the
 * tables the live projection gives, odd words included (COPY's text format escapes tabs, newlines, backslashes).
 */
const day = (d: number, hour = 9) => new Date(Date.UTC(2026, 2, d, hour)).toISOString();
const WORDS = ['Haus', 'tab\tword', 'line\nbreak', 'back\\slash', '\\N', 'Ёлка', 'naïve 🦊', 'a|pipe'];

function history(): History {
  const h = new History();
  for (let u = 1; u <= 5; u++) h.registered(uuidOf(u), day(1, u));
  for (let u = 1; u <= 5; u++) h.onboarded(uuidOf(u), (['de', 'fr', 'es', 'ru', 'de'] as const)[u - 1]!, day(1, 10 + u));
  for (let d = 2; d <= 27; d += 1 + (d % 4)) {
    for (let u = 1; u <= 5; u++) {
      if ((d + u) % 3 === 0) continue; // gaps between active days
      const lang = (['de', 'fr', 'es', 'ru', 'de'] as const)[u - 1]!;
      h.read(uuidOf(u), uuidOf(100 + (d % 4)), lang, day(d, 8));
      h.time(uuidOf(u), lang, 60 * d + u, day(d, 9));
      h.word(uuidOf(u), lang, WORDS[(d + u) % WORDS.length]!, (['known', 'uncertain', 'new'] as const)[d % 3]!, day(d, 10));
      h.review(uuidOf(u), uuidOf(300 + (d % 3)), lang, day(d, 11));
      h.chapter(uuidOf(u), uuidOf(200 + (d % 2)), day(d, 12));
    }
    if (d === 10) h.switchedTo(uuidOf(5), 'fr', day(d, 13));
    if (d === 14) h.subscription(uuidOf(2), 'Started', 'active', day(d, 14));
  }
  h.deleted(uuidOf(3), day(20, 15));
  return h;
}

for (const engine of await testEngines()) {
  describe.skipIf(!!engine.skipReason)(`analytics bulk write on ${engine.label} ${engine.skipReason ?? ''}`, () => {
    let database: TestDatabase;
    let db: Knex;
    let projection: Projection;
    const live: TableNames = (logical) => `${logical}__live`;
    const bulk: TableNames = (logical) => `${logical}__bulk`;

    beforeAll(async () => {
      database = await engine.create();
      db = createKnex(database.connectionString, { poolSize: 2 });
      projection = await composedAnalyticsProjection();
    });
    afterAll(async () => {
      await db?.destroy();
      await database?.drop();
    });

    const contents = async (t: TableNames) => {
      const out: Record<string, unknown[]> = {};
      for (const table of projection.tables) {
        const { rows } = await db.raw(`select * from ??`, [t(table)]);
        out[table] = (rows as Record<string, unknown>[]).map((r) => JSON.stringify(r)).sort();
      }
      return out;
    };

    it('equals the live projection, odd words and a deletion included, with the keys back on the tables', async () => {
      const events = history()
        .recorded()
        .filter((e) => projection.eventTypes!.includes(e.type));
      await db.transaction(async (trx) => {
        await projection.setup(trx, live);
        await projection.setup(trx, bulk);
      });
      for (let i = 0; i < events.length; i += 7) {
        await db.transaction((trx) => projection.apply(events.slice(i, i + 7), { trx, t: live }));
      }
      const fold = projection.bulk!();
      for (let i = 0; i < events.length; i += 50) fold.add(events.slice(i, i + 50));
      await db.transaction((trx) => fold.write({ trx, t: bulk }));

      const [got, want] = [await contents(bulk), await contents(live)];
      expect(got).toEqual(want);
      expect(want['analytics_words']!.some((r) => String(r).includes('tab\\tword'))).toBe(true);
      expect(want['analytics_active_gaps']!.length).toBeGreaterThan(5);
      // The bulk load dropped the keys to load faster: they are back.
      await expect(
        db(bulk('analytics_words'))
          .insert({ user_id: uuidOf(1), language: 'de', word: 'Haus', status: 'known' })
          .onConflict(['user_id', 'language', 'word'])
          .ignore(),
      ).resolves.toBeDefined();
      const { rows } = await db.raw('select count(*)::int as n from pg_indexes where tablename = ?', [bulk('analytics_activity')]);
      expect(rows[0].n).toBe(2);
    });
  });
}
