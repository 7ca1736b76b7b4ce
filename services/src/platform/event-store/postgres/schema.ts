import { horizonDdl } from './read-horizon';

/**
 * Schema of the PostgreSQL event store. It runs unchanged on PostgreSQL 15 and on PGlite (18).
 *
 * Global order is (transaction_id, global_position). A sequence alone is not enough: a transaction can
 * take a lower sequence number and commit after one with a higher number, so a reader that followed
 * the sequence would skip the late event forever. Readers therefore only look below the oldest
 * transaction still in flight that may append (es_horizon(), see read-horizon.ts), where nothing new can
 * appear any more.
 */
export const EVENT_STORE_SCHEMA_VERSION = 1;

export const eventStoreDdl = /* sql */ `
create table if not exists es_streams (
  stream_id text primary key,
  -- revision of the last event; -1 while the stream has metadata but no events
  revision bigint not null,
  deleted boolean not null default false,
  metadata jsonb not null default '{}'::jsonb
);

create table if not exists es_events (
  transaction_id xid8 not null default pg_current_xact_id(),
  global_position bigint generated always as identity,
  stream_id text not null,
  stream_revision bigint not null,
  event_id uuid not null,
  type text not null,
  schema_version int not null,
  data jsonb not null,
  metadata jsonb not null,
  created_at timestamptz not null default now(),
  primary key (transaction_id, global_position),
  unique (stream_id, stream_revision),
  unique (event_id)
);

-- The log's identity, made at first use: a backup carries it, a restore keeps it, and a restore into a
-- database that already holds another log is refused (platform/backup).
create table if not exists es_log (
  one boolean primary key default true check (one),
  id uuid not null default gen_random_uuid(),
  created_at timestamptz not null default now()
);
insert into es_log default values on conflict do nothing;

-- Appends events in one round trip.
-- p_expected: -1 no stream, -2 any, otherwise the exact revision of the last event.
-- Conflicts raise SQLSTATE VX001 with the current revision (or 'none') as DETAIL.
-- Call it in autocommit or as the first write of a transaction (see below).
-- Idempotency (the same event ids again) is checked by the caller only when this fails: the common path
-- pays nothing for it.
create or replace function es_append(p_stream text, p_expected bigint, p_events jsonb)
returns table (next_revision bigint, tx xid8, pos bigint)
language plpgsql as $$
declare
  n int := jsonb_array_length(p_events);
  v_rev bigint;
  v_actual text;
begin
  -- Per-stream revision order must match global (transaction id) order, or a projector would meet
  -- revision 4 before revision 3. Transaction ids are handed out at a transaction's first write, so:
  -- take the stream's lock before writing anything, and refuse to run after other writes.
  if pg_current_xact_id_if_assigned() is not null then
    raise exception 'es_append must be the first write of its transaction' using errcode = 'VX003';
  end if;
  -- Readers leave read-model writers out of the visibility horizon: one must never append.
  if current_setting('verba.read_model_writer', true) = 'on' then
    raise exception 'es_append cannot run in a read-model writer''s transaction' using errcode = 'VX004';
  end if;
  perform pg_advisory_xact_lock(hashtextextended(p_stream, 7411));

  if p_expected = -1 then
    insert into es_streams as s (stream_id, revision) values (p_stream, n - 1)
      on conflict (stream_id) do update set revision = s.revision + n, deleted = false
      where s.deleted or s.revision = -1
      returning s.revision into v_rev;
  elsif p_expected = -2 then
    insert into es_streams as s (stream_id, revision) values (p_stream, n - 1)
      on conflict (stream_id) do update set revision = s.revision + n, deleted = false
      returning s.revision into v_rev;
  else
    update es_streams s set revision = s.revision + n
      where s.stream_id = p_stream and s.revision = p_expected and not s.deleted
      returning s.revision into v_rev;
  end if;

  if v_rev is null then
    select case when s.deleted or s.revision < 0 then 'none' else s.revision::text end into v_actual
      from es_streams s where s.stream_id = p_stream;
    raise exception 'wrong expected version' using errcode = 'VX001', detail = coalesce(v_actual, 'none');
  end if;

  return query
    with ins as (
      insert into es_events (stream_id, stream_revision, event_id, type, schema_version, data, metadata)
      select p_stream, v_rev - n + x.i, x.id, x.type, x.version, x.data, coalesce(x.metadata, '{}'::jsonb)
      from rows from (jsonb_to_recordset(p_events) as (id uuid, type text, version int, data jsonb, metadata jsonb))
           with ordinality as x(id, type, version, data, metadata, i)
      order by x.i
      returning global_position
    )
    select v_rev, pg_current_xact_id(), max(ins.global_position) from ins;
end
$$;
-- Appends to several streams in one transaction and one round trip (group commit: appends arriving while
-- others are in flight share a commit; see append-batcher.ts). p_items: [{stream, expected, events}],
-- no stream twice. Same rules and checks as es_append, but a wrong expected version does not abort
-- the others: that item answers o_rev null and the stream's current revision (or 'none') in o_actual.
-- Stream locks are taken in one order before any write, so two batches never deadlock.
create or replace function es_append_batch(p_items jsonb)
returns table (o_idx int, o_rev bigint, o_tx xid8, o_pos bigint, o_actual text)
language plpgsql as $$
declare
  it record;
  n int;
  v_rev bigint;
begin
  if pg_current_xact_id_if_assigned() is not null then
    raise exception 'es_append_batch must be the first write of its transaction' using errcode = 'VX003';
  end if;
  if current_setting('verba.read_model_writer', true) = 'on' then
    raise exception 'es_append_batch cannot run in a read-model writer''s transaction' using errcode = 'VX004';
  end if;
  perform pg_advisory_xact_lock(l.h)
    from (select distinct hashtextextended(x->>'stream', 7411) as h from jsonb_array_elements(p_items) x order by 1) l;

  for it in
    select (x.ord - 1)::int as i, x.v->>'stream' as s, (x.v->>'expected')::bigint as e, x.v->'events' as evs
    from jsonb_array_elements(p_items) with ordinality as x(v, ord)
  loop
    n := jsonb_array_length(it.evs);
    v_rev := null;
    if it.e = -1 then
      insert into es_streams as s (stream_id, revision) values (it.s, n - 1)
        on conflict (stream_id) do update set revision = s.revision + n, deleted = false
        where s.deleted or s.revision = -1
        returning s.revision into v_rev;
    elsif it.e = -2 then
      insert into es_streams as s (stream_id, revision) values (it.s, n - 1)
        on conflict (stream_id) do update set revision = s.revision + n, deleted = false
        returning s.revision into v_rev;
    else
      update es_streams s set revision = s.revision + n
        where s.stream_id = it.s and s.revision = it.e and not s.deleted
        returning s.revision into v_rev;
    end if;

    o_idx := it.i;
    if v_rev is null then
      o_rev := null; o_tx := null; o_pos := null;
      select case when s.deleted or s.revision < 0 then 'none' else s.revision::text end into o_actual
        from es_streams s where s.stream_id = it.s;
      o_actual := coalesce(o_actual, 'none');
      return next;
      continue;
    end if;

    with ins as (
      insert into es_events (stream_id, stream_revision, event_id, type, schema_version, data, metadata)
      select it.s, v_rev - n + x.i, x.id, x.type, x.version, x.data, coalesce(x.metadata, '{}'::jsonb)
      from rows from (jsonb_to_recordset(it.evs) as (id uuid, type text, version int, data jsonb, metadata jsonb))
           with ordinality as x(id, type, version, data, metadata, i)
      order by x.i
      returning global_position
    )
    select max(ins.global_position) into o_pos from ins;
    o_rev := v_rev; o_tx := pg_current_xact_id(); o_actual := null;
    return next;
  end loop;
end
$$;

${horizonDdl}`;
