import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../../test-support/platform/decider-spec';
import { ItemAdded, TallyClosed, tallyDecider, type TallyEvent } from '../../../test-support/platform/tally-decider';
import { eventIdFor } from './event-ids';
import { EventCodec, UnknownEventError, readEventData, trustingAppendValidation } from './events';
import type { RecordedEvent } from '../event-store/port';

const now = '2026-11-22T10:00:00.000Z';
const added = (item: string, amount = 1): TallyEvent => ({ type: 'ItemAdded', data: { item, amount, at: now } });

describe('decider given/when/then', () => {
  const spec = deciderSpec(tallyDecider);

  it('adds a new item', () => {
    spec
      .given([])
      .when({ kind: 'add', item: 'apple', amount: 2, now })
      .then([added('apple', 2)]);
  });

  it('decides nothing for an item already there (idempotent)', () => {
    spec
      .given([added('apple')])
      .when({ kind: 'add', item: 'apple', amount: 5, now })
      .then([]);
  });

  it('refuses every command once closed', () => {
    spec
      .given([added('apple'), { type: 'TallyClosed', data: { at: now } }])
      .when({ kind: 'add', item: 'pear', amount: 1, now })
      .thenThrows('The tally is closed');
  });

  it('evolves the state', () => {
    spec
      .given([added('apple')])
      .when({ kind: 'add', item: 'pear', amount: 3, now })
      .thenState({
        items: { apple: 1, pear: 3 },
        closed: false,
      });
  });
});

describe('event codec', () => {
  const codec = new EventCodec([ItemAdded, TallyClosed]);
  const recorded = (type: string, version: number, data: Record<string, unknown>): RecordedEvent => ({
    id: 'x',
    streamId: 's',
    type,
    version,
    data,
    metadata: {},
    revision: 0n,
    position: { transaction: 1n, sequence: 1n },
    createdAt: new Date(),
  });

  it('upcasts a stored v1 event to the current version on read', () => {
    expect(codec.decode(recorded('ItemAdded', 1, { item: 'apple', at: now }))).toEqual(added('apple', 1));
  });

  it('encodes with the current version and validates the data', () => {
    const e = codec.encode(added('apple', 4), 'id-1', { userId: 'u1' });
    expect(e).toEqual({
      id: 'id-1',
      type: 'ItemAdded',
      version: 2,
      data: { item: 'apple', amount: 4, at: now },
      metadata: { userId: 'u1' },
    });
    expect(() => codec.encode({ type: 'ItemAdded', data: { item: '', amount: 1, at: now } }, 'id-2')).toThrow();
  });

  it('rejects unknown types and versions newer than the code', () => {
    expect(() => codec.decode(recorded('Mystery', 1, {}))).toThrow(UnknownEventError);
    expect(() => codec.decode(recorded('ItemAdded', 3, {}))).toThrow(/newer than this code/);
  });

  it("reads one definition's data as another context does: upcast, validated, and only that type", () => {
    expect(readEventData(ItemAdded, recorded('ItemAdded', 1, { item: 'apple', at: now }))).toEqual(added('apple', 1).data);
    expect(() => readEventData(ItemAdded, recorded('TallyClosed', 1, { at: now }))).toThrow(UnknownEventError);
    expect(() => readEventData(ItemAdded, recorded('ItemAdded', 2, { item: 'apple', at: now }))).toThrow();
  });

  it('during a rebuild takes current-version data as validated on append, but still upcasts and validates old versions', () => {
    const stored = { item: 'apple', amount: 2, at: now };
    expect(trustingAppendValidation(() => readEventData(ItemAdded, recorded('ItemAdded', 2, stored)))).toBe(stored); // not parsed again
    expect(trustingAppendValidation(() => readEventData(ItemAdded, recorded('ItemAdded', 1, { item: 'apple', at: now })))).toEqual(
      added('apple', 1).data,
    );
    expect(() => trustingAppendValidation(() => readEventData(ItemAdded, recorded('ItemAdded', 1, { item: '', at: now })))).toThrow();
    // Outside a rebuild, every read is parsed again.
    expect(() => readEventData(ItemAdded, recorded('ItemAdded', 2, { item: 'apple', at: now }))).toThrow();
  });
});

describe('event ids from command ids', () => {
  it('are stable UUIDs, distinct per command and per index', () => {
    const a0 = eventIdFor('cmd-a', 0);
    expect(a0).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(eventIdFor('cmd-a', 0)).toBe(a0);
    expect(eventIdFor('cmd-a', 1)).not.toBe(a0);
    expect(eventIdFor('cmd-b', 0)).not.toBe(a0);
  });

  it('stay the ids earlier versions derived, so a retry across an upgrade appends nothing new', () => {
    expect(eventIdFor('cmd-a', 0)).toBe('0a575c18-99c2-54dd-af2d-ca460fad3a33');
    expect(eventIdFor('3f2a9c1e-5b7d-4e8f-9a0b-1c2d3e4f5a6b', 'word:straße')).toBe('935498b5-8353-52be-bb0b-74c8143c7138');
    expect(eventIdFor('c', 'word:привет')).toBe('1138e5f6-3636-5449-87c7-2832b0f86759');
  });
});
