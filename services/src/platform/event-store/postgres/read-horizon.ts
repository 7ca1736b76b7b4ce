/**
 * The log's visibility horizon, and the lock that keeps read-model writers out of it.
 *
 * Readers of the global log only look below the oldest transaction in flight, where no event can appear
 * any more (see schema.ts). Counting every transaction on the server made each projector's batch hold
 * back every other projector's view of the log. Transactions that never append can be left out:
 * read-model writers announce themselves by taking PROJECTOR_LOCK (shared; nobody takes it exclusively)
 * before their first write, and the horizon is the oldest in-flight transaction that does not hold it.
 *
 * Why this never skips an event:
 * - An appender never holds the lock (es_append refuses to run where `verba.read_model_writer` is on, and
 *   that setting comes with the lock), so it is never left out.
 * - pg_locks is read after the statement's snapshot: a transaction that ended in between shows no lock
 *   and counts as in flight (the horizon is only lower, never past an event the snapshot cannot see).
 * - Transaction ids are matched to lock holders through pg_locks' own rows ('transactionid' and
 *   'advisory' rows of one virtual transaction); xid8 % 2^32 is the 32-bit xid pg_locks shows.
 * - The snapshot lists the whole server's transactions; one seen in pg_stat_activity working in another
 *   database is left out too (a long migration of another database must not hold this log back). A
 *   transaction not found there (ended meanwhile, or hidden from this role) still counts as in flight.
 * The horizon is not monotonic (a writer that just committed may count once more): readers then see an
 * empty page, never a skipped one.
 */

/** Two-int advisory key: its pg_locks row has objsubid 2, so no one-bigint key (a stream lock) matches it. */
export const PROJECTOR_LOCK = { classid: 7411, objid: 3 } as const;

/**
 * First statement of a read-model writer's transaction: the shared lock, and the setting es_append checks
 * so such a transaction can never append. Also asynchronous commit: a read model and its checkpoint commit
 * together, so a server crash can only lose the last few batches whole, and the projector re-applies them
 * from the checkpoint that survived; not waiting for the WAL flush frees the batch (and read-your-writes)
 * from a disk sync per projection. The log's own appends stay synchronous. All end with the transaction.
 */
export const BEGIN_READ_MODEL_WRITE_SQL = `pg_advisory_xact_lock_shared(${PROJECTOR_LOCK.classid}, ${PROJECTOR_LOCK.objid}), set_config('verba.read_model_writer', 'on', true), set_config('synchronous_commit', 'off', true)`;

/**
 * `es_horizon()`: events with a transaction id below it are final. STABLE, so it sees the calling
 * statement's snapshot (a VOLATILE function would take a newer one and could pass events the caller's
 * snapshot does not show). When nothing is in flight it skips pg_locks.
 *
 * PL/pgSQL, not SQL: a SQL function's body is planned again on every call, and planning the views over
 * pg_locks and pg_stat_activity cost about 0.7 ms of the server's CPU per read of the log, ten times the
 * read itself; PL/pgSQL plans its statements once per session.
 */
export const horizonDdl = /* sql */ `
create or replace function es_horizon() returns xid8
language plpgsql stable as $$
declare
  snap pg_snapshot := pg_current_snapshot();
  h xid8;
begin
  if pg_snapshot_xmin(snap) = pg_snapshot_xmax(snap) then
    return pg_snapshot_xmax(snap);
  end if;
  with locks as materialized (
    select locktype, virtualtransaction, transactionid, classid, objid, objsubid
    from pg_locks where locktype in ('transactionid', 'advisory') and granted
  ),
  writers as (
    select t.transactionid::text::bigint as xid
    from locks t join locks a on a.virtualtransaction = t.virtualtransaction
    where t.locktype = 'transactionid'
      and a.locktype = 'advisory' and a.classid = ${PROJECTOR_LOCK.classid} and a.objid = ${PROJECTOR_LOCK.objid} and a.objsubid = 2
  ),
  elsewhere as materialized (
    select backend_xid::text::bigint as xid from pg_stat_activity
    where backend_xid is not null and datname is distinct from current_database()
  )
  select min(x) into h from pg_snapshot_xip(snap) as x
  where not exists (select 1 from writers w where w.xid = (x::text::numeric % 4294967296)::bigint)
    and not exists (select 1 from elsewhere o where o.xid = (x::text::numeric % 4294967296)::bigint);
  return coalesce(h, pg_snapshot_xmax(snap));
end
$$;
`;
