import fc from 'fast-check';
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnex } from '../platform/db/knex';
import { migratePersonalDataKeys } from '../platform/personal-data/keys';
import type { DeclaredProjection } from '../platform/projections/declared-projection';
import { checkEquivalence, type EquivalenceOptions } from '../platform/projections/equivalence';
import { testEngines, type TestDatabase } from '../../test-support/platform/databases';
import { allModules } from './modules';

/** Every projection a context declares (declaration.ts), as the runtime composes them. */
const declared = allModules
  .flatMap((m) => m.projections ?? [])
  .filter((p): p is DeclaredProjection => 'declaration' in p)
  .sort((a, b) => a.name.localeCompare(b.name));

/** Projections still written by hand (issue 37.2): take a name off once it is declared. */
const NOT_DECLARED_YET: string[] = [];

const USERS = ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'];

/** What a projection's handlers read besides its events' data. */
const options: Record<string, EquivalenceOptions> = {
  // The learner (the account) is the stream's (identity's user streams).
  'library-reader-levels': { streamId: fc.constantFrom(...USERS.map((u) => `identity-user-${u}`), 'identity-other') },
  'identity-users': { streamId: fc.constantFrom(...USERS.map((u) => `identity-user-${u}`), 'identity-other') },
  // Onboarding's fact names the stream's user: identity appends it to user streams only.
  analytics: { streamId: fc.constantFrom(...USERS.map((u) => `identity-user-${u}`)) },
};

for (const engine of await testEngines()) {
  describe.skipIf(!!engine.skipReason)(`declared projections on ${engine.label} ${engine.skipReason ?? ''}`, () => {
    let database: TestDatabase;
    let db: Knex;

    beforeAll(async () => {
      database = await engine.create();
      db = createKnex(database.connectionString, { namedStatements: database.namedStatements });
      await migratePersonalDataKeys(db);
    });
    afterAll(async () => {
      await db?.destroy();
      await database?.drop();
    });

    it('covers every projection but those not converted yet', () => {
      const all = allModules.flatMap((m) => m.projections ?? []).map((p) => p.name);
      expect(all.filter((name) => !declared.some((p) => p.name === name)).sort()).toEqual([...NOT_DECLARED_YET].sort());
    });

    for (const projection of declared) {
      it(`${projection.name}: batched statements and the bulk fold leave the rows its changes leave one by one`, async () => {
        expect(await checkEquivalence(db, projection, options[projection.name])).toBeGreaterThan(0);
      }, 120_000);
    }
  });
}
