import { validateIntegrationEvent, type IntegrationEvent } from '@verba/contracts/integration';
import { readToTail } from '../event-store/read-to-tail';
import { comparePositions, parsePosition, START, type EventStore, type Position } from '../event-store/port';
import type { IntegrationMessage, IntegrationPublisher } from './publisher';
import type { IntegrationMapper } from './relay';

/** Where a replay starts or ends: a UTC date (the fact's time) or a log position ("transaction.sequence"). */
export type ReplayBound = { kind: 'date'; at: number } | { kind: 'position'; at: Position };

/** `2026-10-01` (that day's start for --from, its end for --to), an ISO time, or a log position. */
export function parseReplayBound(text: string, edge: 'from' | 'to'): ReplayBound {
  if (/^\d{1,20}\.\d{1,20}$/.test(text)) return { kind: 'position', at: parsePosition(text) };
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/.test(text);
  const at = Date.parse(dateOnly ? `${text}T00:00:00Z` : text);
  if (Number.isNaN(at)) throw new RangeError(`Not a date or log position: ${JSON.stringify(text)}`);
  return { kind: 'date', at: dateOnly && edge === 'to' ? at + 86_400_000 - 1 : at };
}

export interface ReplayFilter {
  from?: ReplayBound;
  to?: ReplayBound;
  /** Integration event types (`verba.library.article-read`); all when empty. */
  types?: readonly string[];
}

/**
 * The integration events of the log, as the relay publishes them, within the bounds: read from the log
 * (never from Kafka), so a replay or an export gives analysts the same messages whatever was retained.
 */
export async function* integrationEvents(
  store: EventStore,
  mappers: Readonly<Record<string, IntegrationMapper>>,
  filter: ReplayFilter,
  batchSize = 5000,
): AsyncGenerator<IntegrationEvent> {
  const types = filter.types?.length ? new Set(filter.types) : null;
  const after: Position = filter.from?.kind === 'position' ? before(filter.from.at) : START;
  for await (const batch of readToTail(store, { after, batchSize })) {
    for (const e of batch) {
      if (filter.to?.kind === 'position' && comparePositions(e.position, filter.to.at) > 0) return;
      const mapper = Object.hasOwn(mappers, e.type) ? mappers[e.type] : undefined;
      const event = mapper?.(e);
      if (!event || (types && !types.has(event.type))) continue;
      const time = Date.parse(event.occurredAt);
      if (filter.from?.kind === 'date' && time < filter.from.at) continue;
      if (filter.to?.kind === 'date' && time > filter.to.at) continue;
      yield validateIntegrationEvent(event);
    }
  }
}

/** The position just before `p`, so that a replay from `p` includes it. */
function before(p: Position): Position {
  return p.sequence > 0n
    ? { transaction: p.transaction, sequence: p.sequence - 1n }
    : { transaction: p.transaction - 1n, sequence: 2n ** 62n };
}

/** The message the relay would send for an event (same key, value and headers). */
export function integrationMessage(event: IntegrationEvent): IntegrationMessage {
  return {
    key: event.key,
    value: JSON.stringify(event),
    headers: {
      'content-type': 'application/json',
      'verba-event-id': event.id,
      'verba-event-type': event.type,
      'verba-event-version': String(event.version),
    },
  };
}

/** Re-publishes the events to one chosen topic, in log order, a batch at a time; returns how many. */
export async function replayTo(
  publisher: IntegrationPublisher,
  topic: string,
  events: AsyncIterable<IntegrationEvent>,
  batchSize = 500,
): Promise<number> {
  let pending: IntegrationMessage[] = [];
  let sent = 0;
  for await (const event of events) {
    pending.push(integrationMessage(event));
    if (pending.length >= batchSize) {
      await publisher.publish(topic, pending);
      sent += pending.length;
      pending = [];
    }
  }
  if (pending.length) await publisher.publish(topic, pending);
  return sent + pending.length;
}
