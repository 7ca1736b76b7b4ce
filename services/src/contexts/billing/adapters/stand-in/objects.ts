import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

/** A Stripe-shaped object as the stand-in keeps it (plain JSON, what the API answers). */
export type StripeObject = Record<string, unknown> & { id: string; object: string };

export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** Where the stand-in keeps its objects: in memory for tests, in a table so they outlive a restart. */
export interface ObjectStore {
  load(): Promise<StripeObject[]>;
  save(object: StripeObject): Promise<void>;
}

export const memoryObjects = (): ObjectStore => ({ load: async () => [], save: async () => {} });

export const STAND_IN_TABLE = 'billing_standin_objects';

/**
 * The stand-in's objects in a table of the app's database, so the server after a restart and the CLI
 * (billing:reconcile) see the same "Stripe". Not a read model: it plays Stripe's own storage.
 */
export async function migrateStandInObjects(db: Knex): Promise<void> {
  if (await db.schema.hasTable(STAND_IN_TABLE)) return;
  await db.schema.createTable(STAND_IN_TABLE, (tb) => {
    tb.text('id').primary();
    tb.text('object').notNullable();
    tb.jsonb('data').notNullable();
  });
}

export function tableObjects(db: Knex): ObjectStore {
  return {
    async load() {
      const rows: { data: StripeObject | string }[] = await db(STAND_IN_TABLE).select('data').orderBy('id');
      return rows.map((r) => (typeof r.data === 'string' ? JSON.parse(r.data) : r.data));
    },
    async save(object) {
      await db(STAND_IN_TABLE)
        .insert({ id: object.id, object: object.object, data: JSON.stringify(object) })
        .onConflict('id')
        .merge(['data']);
    },
  };
}
