import { comparePositions, type Position, type RecordedEvent } from './port';

/**
 * Of the events a store delivered, those after `from` in strictly increasing log order: an event delivered
 * again (an overlapping read, a subscription resumed from further back) is dropped. The log readers use it
 * beside their checkpoints, so no follower applies an event twice. Every event has one position in a total
 * order, so this needs no memory (an earlier guard of projections remembered each stream's last revision,
 * up to 100,000 streams a projection, and a new word is a stream of its own).
 */
export function eventsAfter(events: RecordedEvent[], from: Position): RecordedEvent[] {
  let last = from;
  for (let i = 0; i < events.length; i++) {
    const at = events[i]!.position;
    if (comparePositions(at, last) <= 0) return keepIncreasing(events, from);
    last = at;
  }
  return events; // the usual case: nothing repeated, nothing copied
}

function keepIncreasing(events: RecordedEvent[], from: Position): RecordedEvent[] {
  const kept: RecordedEvent[] = [];
  let last = from;
  for (const e of events) {
    if (comparePositions(e.position, last) <= 0) continue;
    kept.push(e);
    last = e.position;
  }
  return kept;
}
