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

export function withoutTimes(value: unknown): unknown {
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
  return isSameShape(earlier, streamId, events) && events.every((e, i) => sameData(earlier[i]!.data, e.data));
}

/** Same ids (in order), stream, user and types: a retry, or a reuse that differs only in its data. */
export function isSameShape(earlier: readonly EarlierEvent[], streamId: string, events: readonly NewEvent[]): boolean {
  return (
    earlier.length === events.length &&
    events.every((e, i) => {
      const was = earlier[i]!;
      return (
        was.id.toLowerCase() === e.id.toLowerCase() &&
        was.streamId === streamId &&
        was.type === e.type &&
        was.metadata.userId === e.metadata?.userId
      );
    })
  );
}

/** Data equal apart from times, compared through JSON as the store keeps it (undefined dropped, dates as text). */
export const sameData = (stored: unknown, appended: unknown): boolean =>
  isDeepStrictEqual(withoutTimes(stored), withoutTimes(JSON.parse(JSON.stringify(appended))));
