import { describe, expect, it } from 'vitest';
import { START, type RecordedEvent } from './port';
import { eventsAfter } from './events-after';

const at = (transaction: number, sequence = 0): RecordedEvent => ({
  id: `${transaction}.${sequence}`,
  streamId: `s${transaction}`,
  type: 't',
  version: 1,
  data: {},
  metadata: {},
  revision: 0n,
  position: { transaction: BigInt(transaction), sequence: BigInt(sequence) },
  createdAt: new Date(),
});
const ids = (events: RecordedEvent[]) => events.map((e) => e.id);

describe('events after a position', () => {
  it('passes a batch that only moves forward as it is (no copy)', () => {
    const batch = [at(5), at(5, 1), at(7)];
    expect(eventsAfter(batch, { transaction: 4n, sequence: 9n })).toBe(batch);
    expect(eventsAfter([], START)).toEqual([]);
  });

  it('drops events at or before where the projection stands, and any delivered twice within the batch', () => {
    const from = { transaction: 5n, sequence: 0n };
    expect(ids(eventsAfter([at(4), at(5), at(6), at(6), at(5, 3), at(7)], from))).toEqual(['6.0', '7.0']);
    // A subscription resumed from further back re-delivers the whole of what was applied: nothing is new.
    expect(eventsAfter([at(3), at(4), at(5)], from)).toEqual([]);
  });
});
