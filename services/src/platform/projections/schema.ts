/** Bookkeeping of the projection runner; read models themselves are created by each projection. */
export const projectionsDdl = /* sql */ `
create table if not exists projection_state (
  name text primary key,
  -- the generation whose tables the read model's views point at
  active_generation int not null,
  -- the projection code version that built the active generation
  version int not null
);

create table if not exists projection_checkpoints (
  name text not null,
  generation int not null,
  version int not null,
  commit_position bigint not null default 0,
  prepare_position bigint not null default 0,
  updated_at timestamptz not null default now(),
  primary key (name, generation)
);
-- the log the checkpoint's positions are of (event-store/log-identity.ts)
alter table projection_checkpoints add column if not exists log_id uuid;

-- the last failure of each projection in any projector process (the admin operations page shows it)
create table if not exists projection_errors (
  name text primary key,
  at timestamptz not null,
  message text not null
);
`;
