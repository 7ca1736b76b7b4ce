/**
 * Checkpoints know their log (EventStore.logId). A position means something only in the log it was read
 * from: pointed at another log (EVENTSTORE_URL switched, another deployment's data restored), a projector
 * resuming from an old checkpoint would skip events or apply none, silently. So every checkpoint row
 * records the log it follows, and a projector or follower started against another log refuses, unless
 * told to adopt it (REBUILD_ON_NEW_LOG, or the `rebuild --all` command).
 */
export const REBUILD_ALL_COMMAND = 'npm run cli -w services -- rebuild --all';

export class LogSwitchedError extends Error {
  override readonly name = 'LogSwitchedError';
  constructor(
    readonly what: string,
    readonly recorded: string,
    readonly current: string,
  ) {
    super(
      `${what} followed log ${recorded}, but the event store holds log ${current}: positions of one mean nothing in the other. ` +
        `Rebuild from this log with \`${REBUILD_ALL_COMMAND}\`, or start with REBUILD_ON_NEW_LOG=true to do it at start.`,
    );
  }
}

/** The column every checkpoint table has (added to tables made before it, where it starts empty). */
export const logIdColumnDdl = (table: string) => `alter table ${table} add column if not exists log_id uuid`;
