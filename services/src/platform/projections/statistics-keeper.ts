import type { ApplyContext, StatementContext, WriteStatement } from './projection';

const MIN_ROWS = 1000;
const GROWTH = 0.2;

/**
 * Keeps planner statistics of fast-growing read-model tables fresh. A new table (a rebuild's generation,
 * a bulk load) has none until autovacuum gets to it, a minute or more later; meanwhile PostgreSQL guesses
 * row counts, and labelling 1,000 articles was measured 2-3 times slower.
 * So a projection analyzes a table once it has written a fifth more rows than at its last analysis.
 */
export class StatisticsKeeper {
  private readonly tables = new Map<string, { pending: number; analyzed: number }>();

  async wrote(ctx: ApplyContext, table: string, rows: number): Promise<void> {
    for (const s of this.statements(ctx, table, rows)) await ctx.trx.raw(s.sql, s.bindings);
  }

  /** As `wrote`, for a projection's `statements`: the ANALYZE to run in the batch, if it is due and no upkeep. */
  statements({ maintain }: StatementContext, table: string, rows: number): WriteStatement[] {
    const s = this.tables.get(table) ?? { pending: 0, analyzed: 0 };
    s.pending += rows;
    this.tables.set(table, s);
    if (s.pending < Math.max(MIN_ROWS, s.analyzed * GROWTH)) return [];
    s.analyzed += s.pending;
    s.pending = 0;
    // After the batch when the runner offers it: an ANALYZE of a big table takes tens of milliseconds.
    if (maintain) {
      maintain('analyze ??', [table]);
      return [];
    }
    return [{ sql: 'analyze ??', bindings: [table], hot: false }];
  }
}
