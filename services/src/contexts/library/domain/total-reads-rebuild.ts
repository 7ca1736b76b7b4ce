import type { Knex } from 'knex';
import type { TotalReadsRebuild } from '@verba/contracts';
import type { Cache } from '../../../platform/cache/port';
import type { EventStore } from '../../../platform/event-store/port';
import { ProjectionRunner, type Logger } from '../../../platform/projections/runner';
import { articlesProjection } from '../projections/articles';

/** The status lives on the cache port, so every api process (Redis) answers the same progress. */
const STATUS_KEY = 'library:total-reads-rebuild';
/** A running rebuild writes its status at least this often; one silent for longer died with its process. */
const HEARTBEAT_MS = 2_000;
const STALE_MS = 60_000;

const NOT_STARTED: TotalReadsRebuild = {
  state: 'not-started',
  startedAt: null,
  finishedAt: null,
  eventsRead: 0,
  generation: null,
  articles: null,
  totalReads: null,
  message: null,
};

type Stored = TotalReadsRebuild & { beatAt: number };

/**
 * `PATCH migrations/addArticlesTotalRead` (spec §7): recounts every article's total reads by rebuilding the
 * articles read model from the log with the projection platform's blue/green rebuild. The live runner keeps
 * serving the old generation and follows the new one after the switch (it sees the generation change).
 */
export class TotalReadsRebuildJob {
  private running: Promise<void> | undefined;

  constructor(
    private readonly store: EventStore,
    private readonly db: Knex,
    private readonly cache: Cache,
    private readonly log: Logger,
    private readonly now: () => Date,
  ) {}

  async status(): Promise<TotalReadsRebuild> {
    const stored = await this.read();
    if (!stored) return NOT_STARTED;
    const { beatAt, ...status } = stored;
    // A rebuild whose process died never finishes: say so rather than "running" forever.
    if (status.state === 'running' && this.now().getTime() - beatAt > STALE_MS) {
      return { ...status, state: 'failed', message: 'The rebuild stopped before it finished. Start it again.' };
    }
    return status;
  }

  /** Starts a rebuild unless one is running; answers the progress either way. */
  async start(): Promise<TotalReadsRebuild> {
    const current = await this.status();
    if (current.state === 'running') return current;
    const startedAt = this.now().getTime();
    let status: TotalReadsRebuild = { ...NOT_STARTED, state: 'running', startedAt };
    await this.write(status);
    let lastBeat = 0;
    const runner = new ProjectionRunner({ store: this.store, db: this.db, projections: [articlesProjection], log: this.log });
    this.running = runner
      .rebuild(articlesProjection.name, (eventsRead) => {
        status = { ...status, eventsRead };
        if (Date.now() - lastBeat < HEARTBEAT_MS) return;
        lastBeat = Date.now();
        void this.write(status).catch(() => undefined);
      })
      .then(async ({ generation, events }) => {
        const figures = await this.figures();
        status = { ...status, ...figures, state: 'done', eventsRead: events, generation, finishedAt: this.now().getTime() };
      })
      .catch((error: unknown) => {
        this.log.error({ err: error }, 'total reads rebuild failed');
        status = {
          ...status,
          state: 'failed',
          finishedAt: this.now().getTime(),
          message: 'The rebuild failed; the live figures are unchanged.',
        };
      })
      .then(() => this.write(status))
      .catch(() => undefined) // the cache closed under a rebuild that outlived its process's shutdown
      .finally(() => (this.running = undefined));
    return status;
  }

  /** Resolves when a rebuild this process started has ended (tests, shutdown). */
  async settled(): Promise<void> {
    await this.running;
  }

  /** The live model's figures (read through the views, so after the switch: the rebuilt generation). */
  private async figures(): Promise<{ articles: number; totalReads: number }> {
    const row = (await this.db('library_articles').count({ articles: '*' }).sum({ reads: 'total_reads' }).first()) as {
      articles: string | number;
      reads: string | number | null;
    };
    return { articles: Number(row.articles), totalReads: Number(row.reads ?? 0) };
  }

  private async read(): Promise<Stored | undefined> {
    const raw = await this.cache.get(STATUS_KEY);
    return raw ? (JSON.parse(raw) as Stored) : undefined;
  }

  private write(status: TotalReadsRebuild): Promise<void> {
    return this.cache.set(STATUS_KEY, JSON.stringify({ ...status, beatAt: this.now().getTime() }));
  }
}
