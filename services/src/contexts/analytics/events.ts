import type { KnownIntegrationEvent } from '@verba/contracts/integration';
import type { RecordedEvent } from '../../platform/event-store/port';
import type { IntegrationMapper } from '../../platform/integration/relay';

/**
 * Analytics has no domain events of its own: it reads other contexts' facts only as their public
 * integration events (contracts/src/integration), mapped from the log by the mappers those contexts
 * publish. So every figure is defined on the same facts analysts receive, and replays give the same.
 */
export type Fact = KnownIntegrationEvent;

export type Mappers = Readonly<Record<string, IntegrationMapper>>;

/** The public fact a domain event stands for, or null when it is none. */
export function factOf(mappers: Mappers, recorded: RecordedEvent): Fact | null {
  const mapper = Object.hasOwn(mappers, recorded.type) ? mappers[recorded.type] : undefined;
  return mapper ? (mapper(recorded) as Fact | null) : null;
}

/** A UTC time whose date is certainly valid (day at most 28): its day is its first ten characters. */
const PLAIN_UTC = /^\d{4}-(0[1-9]|1[0-2])-([01]\d|2[0-8])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?Z$/;

/** UTC calendar day of an ISO time (most facts are plain UTC times: no Date made for them in a rebuild). */
export const dayOf = (iso: string): string => (PLAIN_UTC.test(iso) ? iso.slice(0, 10) : new Date(iso).toISOString().slice(0, 10));
