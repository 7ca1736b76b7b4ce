import pg from 'pg';
import { BEGIN_READ_MODEL_WRITE_SQL } from '../../src/platform/event-store/postgres/read-horizon';

export interface HorizonCost {
  /** Mean time of `select es_horizon()` with transactions in flight (the pg_locks path). */
  horizonUs: number;
  /** Mean time of the plain `pg_snapshot_xmin(pg_current_snapshot())` it replaced, same conditions. */
  xminUs: number;
}

/**
 * What the log's visibility horizon costs a reader: round trips of the horizon query against the old
 * xmin query, while two read-model writers and two other transactions are open (so pg_locks is read).
 */
export async function measureHorizonCost(url: string, calls = 2000): Promise<HorizonCost> {
  const pool = new pg.Pool({ connectionString: url, max: 5 });
  const open: pg.PoolClient[] = [];
  try {
    await pool.query('create table if not exists horizon_scratch (n int)');
    for (const writer of [true, true, false, false]) {
      const c = await pool.connect();
      open.push(c);
      await c.query('begin');
      if (writer) await c.query(`select ${BEGIN_READ_MODEL_WRITE_SQL}`);
      await c.query('insert into horizon_scratch values (1)');
    }
    const reader = await pool.connect();
    try {
      const time = async (sql: string): Promise<number> => {
        for (let i = 0; i < 100; i++) await reader.query(sql); // warm-up
        const t0 = performance.now();
        for (let i = 0; i < calls; i++) await reader.query(sql);
        return ((performance.now() - t0) * 1000) / calls;
      };
      const xminUs = await time('select pg_snapshot_xmin(pg_current_snapshot())');
      const horizonUs = await time('select es_horizon()');
      return { horizonUs, xminUs };
    } finally {
      reader.release();
    }
  } finally {
    for (const c of open) {
      await c.query('rollback').catch(() => undefined);
      c.release();
    }
    await pool.end();
  }
}
