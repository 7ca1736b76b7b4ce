import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineEvent } from '../decider/events';
import { defineProjection, insert, update, when } from './declare';
import { addJson, addSql, composeMerges, mergeDepth, mergeJson, mergeSql, NOT_ONE } from './declared-json';
import { checkEquivalence } from './equivalence';
import { closeSpecDatabase, projectionSpec, specDatabase } from './projection-spec';

/** jsonb columns changed in place (`merge`, `add` to jsonb) and unique indexes, on a toy read model of profiles. */
const Leaf = z.union([z.number(), z.string(), z.array(z.string())]);
/** Values three objects deep, as settings' voices are. */
const Prefs = z.record(z.string(), z.union([Leaf, z.record(z.string(), z.union([Leaf, z.record(z.string(), Leaf)]))]));
const Opened = defineEvent('test.ProfileOpened', z.object({ id: z.uuid() }));
const Merged = defineEvent('test.ProfileMerged', z.object({ id: z.uuid(), prefs: Prefs, tags: z.array(z.string()) }));
const Spent = defineEvent('test.TimeSpent', z.object({ id: z.uuid(), topic: z.enum(['de', 'fr']), seconds: z.number().int().min(1) }));
const Named = defineEvent('test.ProfileNamed', z.object({ id: z.uuid(), name: z.enum(['ana', 'ben', 'eve']) }));

/** Merges of few keys, alone: long runs of them on a few rows meet every way two merges compose. */
const Few = <T extends z.ZodType>(value: T) => z.object({ a: value.optional(), b: value.optional() });
const FewLeaf = z.union([z.number().int(), z.array(z.enum(['x', 'y']))]);
const Tuned = defineEvent(
  'test.ProfileTuned',
  z.object({ id: z.uuid(), prefs: Few(z.union([FewLeaf, Few(z.union([FewLeaf, Few(FewLeaf)]))])) }),
);

const profiles = defineProjection({
  name: 'test-profiles',
  version: 1,
  tables: {
    profiles: {
      key: ['id'],
      columns: { id: 'uuid', name: 'text?', prefs: 'jsonb', tags: 'jsonb', spent: 'jsonb' },
      unique: [['name']],
    },
  },
  on: [
    when(Opened, (d) => [insert('profiles', { id: d.id, name: null, prefs: {}, tags: [], spent: {} })]),
    when(Merged, (d) => [update('profiles', { id: d.id }, {}, { merge: { prefs: d.prefs, tags: d.tags } })]),
    when(Spent, (d) => [update('profiles', { id: d.id }, {}, { add: { spent: { [d.topic]: d.seconds } } })]),
    when(Named, (d) => [update('profiles', { id: d.id }, { name: d.name })]),
  ],
});

const id = 'a0000000-0000-4000-8000-000000000001';
const other = 'a0000000-0000-4000-8000-000000000002';
const opened = (pid = id) => ({ type: Opened.type, data: { id: pid } });
const merged = (prefs: Record<string, unknown>, tags: string[] = [], pid = id) => ({ type: Merged.type, data: { id: pid, prefs, tags } });
const named = (name: string, pid = id) => ({ type: Named.type, data: { id: pid, name } });
const row = (fields: Record<string, unknown>, pid = id) => ({ id: pid, name: null, prefs: {}, tags: [], spent: {}, ...fields });

describe('declared jsonb changes and unique indexes', () => {
  afterAll(closeSpecDatabase);

  it('a merge merges objects key by key at every depth, adds the elements an array lacks, and replaces the rest', async () => {
    await projectionSpec(profiles)
      .given([opened(), merged({ speech: { speed: 1, voices: { de: 'anna' } }, view: 'table' }, ['de'])])
      .when(merged({ speech: { voices: { fr: 'léa' } }, view: ['cards'] }, ['fr', 'de', 'fr']))
      .then({
        profiles: [row({ prefs: { speech: { speed: 1, voices: { de: 'anna', fr: 'léa' } }, view: ['cards'] }, tags: ['de', 'fr'] })],
      });
  });

  it("a batch's merges of one row land as one by one, also where two cannot be one merge (a value, then an object there)", async () => {
    await projectionSpec(profiles)
      .given([opened(), opened(other), merged({ view: { a: 1 } }), merged({ view: { a: 1 } }, [], other)])
      .when([
        merged({ view: { a: 1, b: ['x'] } }),
        merged({ view: 3 }),
        merged({ view: { c: 2 } }, ['de']),
        merged({ view: { b: ['y'] } }, ['de', 'fr']),
        merged({ view: { d: 4 } }, [], other),
      ])
      .then({
        profiles: [row({ prefs: { view: { c: 2, b: ['y'] } }, tags: ['de', 'fr'] }), row({ prefs: { view: { a: 1, d: 4 } } }, other)],
      });
  });

  it('an addition to a jsonb column adds its numbers at their keys (summed within a batch); no row, no change', async () => {
    const spent = (topic: string, seconds: number, pid = id) => ({ type: Spent.type, data: { id: pid, topic, seconds } });
    await projectionSpec(profiles)
      .given([opened(), spent('de', 30)])
      .when([spent('de', 15), spent('fr', 5), spent('de', 1), spent('de', 9, other)])
      .then({ profiles: [row({ spent: { de: 46, fr: 5 } })] });
  });

  it('a batch may hand a unique value from one row to another; a log where two rows hold one stops the projection', async () => {
    await projectionSpec(profiles)
      .given([opened(), opened(other), named('ana')])
      .when([named('eve'), named('ana', other), named('ben')])
      .then({ profiles: [row({ name: 'ben' }), row({ name: 'ana' }, other)] });
    await expect(
      projectionSpec(profiles)
        .given([opened(), opened(other), named('ana')])
        .when(named('ana', other))
        .then({ profiles: [] }),
    ).rejects.toMatchObject({ code: '23505' });
  });

  /** JSON of few keys and values, so that merges meet. */
  const json = fc.letrec((tie) => ({
    value: fc.oneof({ depthSize: 'small' }, fc.constantFrom(0, 1, 'x', null, true), tie('array'), tie('object')),
    array: fc.array(fc.oneof(fc.constantFrom(1, 'x', 'y'), fc.constant({ k: 1 })), { maxLength: 3 }),
    object: fc.dictionary(fc.constantFrom('a', 'b', 'c'), tie('value'), { maxKeys: 3 }),
  })).value;

  it('the server merges and adds as the bulk fold does', async () => {
    const db = await specDatabase();
    await fc.assert(
      fc.asyncProperty(json, json, async (into, value) => {
        const sql = `select ${mergeSql('j.a', 'j.b', mergeDepth(value))} as v from (select ?::jsonb as a, ?::jsonb as b) as j`;
        const { rows } = await db.raw(sql, [JSON.stringify(into), JSON.stringify(value)]);
        expect(rows[0].v).toEqual(mergeJson(into, value));
      }),
      { numRuns: 300 },
    );
    const sums = fc.dictionary(fc.constantFrom('de', 'fr', 'es'), fc.integer({ min: 0, max: 3600 }), { maxKeys: 3 });
    await fc.assert(
      fc.asyncProperty(fc.option(sums, { nil: null }), sums, async (into, value) => {
        const sql = `select ${addSql('j.a', 'j.b')} as v from (select ?::jsonb as a, ?::jsonb as b) as j`;
        const { rows } = await db.raw(sql, [into === null ? null : JSON.stringify(into), JSON.stringify(value)]);
        expect(rows[0].v).toEqual(addJson(into, value));
      }),
      { numRuns: 100 },
    );
  });

  it('two merges composed into one do what the two do, wherever they cannot be one they say so', () => {
    fc.assert(
      fc.property(json, json, json, (into, first, second) => {
        const both = composeMerges(first, second);
        if (both !== NOT_ONE) expect(mergeJson(into, both)).toEqual(mergeJson(mergeJson(into, first), second));
      }),
      { numRuns: 3000 },
    );
  });

  it('merges compose as they apply, or say they cannot be one', () => {
    const into = { a: { b: [1] }, c: 'x' };
    const first = { a: { b: [2], d: 1 } };
    const second = { a: { b: [1, 3] }, c: { e: true } };
    const both = composeMerges(first, second);
    expect(both).toEqual({ a: { b: [2, 1, 3], d: 1 }, c: { e: true } });
    expect(mergeJson(into, both)).toEqual(mergeJson(mergeJson(into, first), second));
    expect(composeMerges({ a: 1 }, { a: { b: 1 } })).toBe(NOT_ONE);
    expect(composeMerges({ a: { b: 1 } }, { a: ['x'] })).toBe(NOT_ONE);
  });

  it('batched statements and the bulk fold leave what the changes one by one leave', async () => {
    const merges = defineProjection({
      ...profiles.declaration,
      name: 'test-merges',
      on: [profiles.declaration.on[0]!, when(Tuned, (d) => [update('profiles', { id: d.id }, {}, { merge: { prefs: d.prefs } })])],
    });
    expect(await checkEquivalence(await specDatabase(), merges, { runs: 150 })).toBe(150);
    expect(await checkEquivalence(await specDatabase(), profiles, { runs: 100 })).toBe(100);
  }, 120_000);
});
