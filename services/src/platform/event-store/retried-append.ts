import { isDeepStrictEqual } from 'node:util';
import type { EventMetadata, NewEvent } from './port';

/** An event already in the log under one of an append's ids: what telling a retry from a reuse needs. */
export interface EarlierEvent {
  id: string;
  streamId: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

/** Times a command takes from the clock (`at`, `expiresAt`): a retry decides them anew. */
const TIME_KEY = /^at$|At$/;

function withoutTimes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTimes);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).flatMap(([k, v]) => (TIME_KEY.test(k) ? [] : [[k, withoutTimes(v)]])));
}

/**
 * True when the events stored under this append's ids are this append done before: same stream, same user,
 * same types and the same data apart from times. Sealed personal data compares too, as sealing is
 * deterministic. Anything else means the command id was reused for another request.
 */
export function isRetryOf(earlier: readonly EarlierEvent[], streamId: string, events: readonly NewEvent[]): boolean {
  if (earlier.length !== events.length) return false;
  const byId = new Map(earlier.map((e) => [e.id.toLowerCase(), e]));
  return events.every((e) => {
    const was = byId.get(e.id.toLowerCase());
    return (
      was !== undefined &&
      was.streamId === streamId &&
      was.type === e.type &&
      was.metadata.userId === e.metadata?.userId &&
      // Through JSON as the store keeps it (undefined fields dropped, dates as text).
      isDeepStrictEqual(withoutTimes(was.data), withoutTimes(JSON.parse(JSON.stringify(e.data))))
    );
  });
}
