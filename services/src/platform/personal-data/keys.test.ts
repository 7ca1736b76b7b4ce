import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preferredTestDatabase, type TestDatabase } from '../../../test-support/platform/databases';
import { createKnex } from '../db/knex';
import { ErasedUserError, KEY_CACHE_MS, migratePersonalDataKeys, openWith, PersonalData } from './keys';

const engine = await preferredTestDatabase();

describe(`personal data keys across processes (${engine.label})`, () => {
  let db: TestDatabase;
  let knex: Knex;

  beforeAll(async () => {
    db = await engine.create();
    knex = createKnex(db.connectionString);
    await migratePersonalDataKeys(knex);
  });
  afterAll(async () => {
    await knex?.destroy();
    await db?.drop();
  });

  it("an erasure made by another process stops this one's cached key within the cache time", async () => {
    let clock = Date.parse('2026-11-28T10:00:00Z');
    // Two api processes: each its own PersonalData (and cache) over the one database.
    const here = new PersonalData(knex, () => clock);
    const there = new PersonalData(knex, () => clock);
    const userId = randomUUID();
    const sealed = await here.seal(userId, { name: 'Greta' }, ['name']);
    expect(openWith((await here.keyFor(userId))!, sealed.name)).toBe('Greta');

    await there.shred(userId);
    // Within the cache time this process may still hold the key it read ...
    clock += KEY_CACHE_MS - 1;
    expect(await here.keyFor(userId)).toBeDefined();
    // ... after it, nothing is opened or sealed with it any more.
    clock += 2;
    expect(await here.keyFor(userId)).toBeUndefined();
    await expect(here.seal(userId, { name: 'Greta' }, ['name'])).rejects.toThrow(ErasedUserError);
  });
});
