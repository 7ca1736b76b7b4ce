import { comparePositions, type Position, type RecordedEvent } from '../event-store/port';

/**
 * Second line of defence against applying an event twice (the first is the checkpoint, committed with each
 * batch): of the events a store delivered, those after `from` in strictly increasing log order. An event
 * delivered again (an overlapping read, a subscription resumed from further back) is dropped. Every event
 * has one position in a total order, so this needs no memory: an earlier guard remembered each stream's
 * last revision, up to 100,000 streams a projection, and a new word is a stream of its own.
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
