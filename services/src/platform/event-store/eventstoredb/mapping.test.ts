import { ANY, NO_STREAM, START as ESDB_START, type AllStreamResolvedEvent } from '@eventstore/db-client';
import { describe, expect, it } from 'vitest';
import { START } from '../port';
import {
  DELETED_STREAM_TRUNCATE_BEFORE,
  decodeEventMetadata,
  encodeEventMetadata,
  fromEsdbCurrentRevision,
  fromEsdbPosition,
  fromEsdbStreamMetadata,
  isSystemEvent,
  toEsdbEventId,
  toEsdbExpectedRevision,
  toEsdbReadPosition,
  toEsdbStreamMetadata,
  toRecordedEvent,
  uuidV5,
} from './mapping';

describe('eventstoredb mapping helpers', () => {
  it('maps expected revisions to the client constants', () => {
    expect(toEsdbExpectedRevision('no_stream')).toBe(NO_STREAM);
    expect(toEsdbExpectedRevision('any')).toBe(ANY);
    expect(toEsdbExpectedRevision(0n)).toBe(0n);
    expect(toEsdbExpectedRevision(41n)).toBe(41n);
    expect(() => toEsdbExpectedRevision(-1n)).toThrow(RangeError);
  });

  it('maps the current revision of a wrong-expected-version error', () => {
    expect(fromEsdbCurrentRevision(3n)).toBe(3n);
    expect(fromEsdbCurrentRevision(0n)).toBe(0n);
    expect(fromEsdbCurrentRevision('no_stream')).toBeUndefined();
    expect(fromEsdbCurrentRevision(-1n)).toBeUndefined();
    expect(fromEsdbCurrentRevision(undefined)).toBeUndefined();
  });

  it('maps positions both ways; START reads from the client START', () => {
    expect(fromEsdbPosition({ commit: 1234n, prepare: 1200n })).toEqual({ transaction: 1234n, sequence: 1200n });
    expect(toEsdbReadPosition(undefined)).toBe(ESDB_START);
    expect(toEsdbReadPosition(START)).toBe(ESDB_START);
    expect(toEsdbReadPosition({ transaction: 0n, sequence: 0n })).toBe(ESDB_START);
    expect(toEsdbReadPosition({ transaction: 5n, sequence: 4n })).toEqual({ commit: 5n, prepare: 4n });
  });

  it('carries the schema version in the metadata as $v and takes it back out on read', () => {
    const encoded = encodeEventMetadata({ correlationId: 'c', userId: 'u' }, 3);
    expect(encoded).toEqual({ correlationId: 'c', userId: 'u', $v: 3 });
    // What the server hands back is the parsed JSON.
    expect(decodeEventMetadata(JSON.parse(JSON.stringify(encoded)))).toEqual({
      metadata: { correlationId: 'c', userId: 'u' },
      version: 3,
    });
    expect(encodeEventMetadata(undefined, 1)).toEqual({ $v: 1 });
    expect(decodeEventMetadata({ $v: 1 })).toEqual({ metadata: {}, version: 1 });
    // Events written by other tools: no metadata, or metadata without $v.
    expect(decodeEventMetadata(undefined)).toEqual({ metadata: {}, version: 1 });
    expect(decodeEventMetadata({ a: 1 })).toEqual({ metadata: { a: 1 }, version: 1 });
    expect(decodeEventMetadata(new TextEncoder().encode('{"$v":2,"b":true}'))).toEqual({
      metadata: { b: true },
      version: 2,
    });
  });

  it('uses UUID ids as they are and maps other ids to a stable UUIDv5, keeping the original', () => {
    const id = '7f1b7a52-4a55-4e0e-9d4a-3c2f1e0d9b8a';
    expect(toEsdbEventId(id)).toEqual({ eventId: id });
    expect(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe('2ed6657d-e927-568b-95e1-2665a8aea6a2');
    const odd = toEsdbEventId('order-1/placed');
    expect(odd.originalId).toBe('order-1/placed');
    expect(odd.eventId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(toEsdbEventId('order-1/placed').eventId).toBe(odd.eventId);
    // Upper-case UUIDs would come back lower-cased, so they keep their original too.
    expect(toEsdbEventId(id.toUpperCase()).originalId).toBe(id.toUpperCase());
    const meta = encodeEventMetadata({}, 1, odd.originalId);
    expect(decodeEventMetadata(meta)).toEqual({ metadata: {}, version: 1, originalId: 'order-1/placed' });
  });

  it('maps a resolved event to a RecordedEvent', () => {
    const created = new Date('2024-05-01T10:00:00Z');
    const resolved = {
      event: {
        streamId: 'order-1',
        id: 'a5e0e1f4-0b8e-4b43-8a53-2f4f3a8f9d10',
        isJson: true,
        revision: 4n,
        type: 'Placed',
        created,
        data: { total: 3 },
        metadata: { correlationId: 'c', $v: 2 },
        position: { commit: 900n, prepare: 880n },
      },
      commitPosition: 900n,
    } as AllStreamResolvedEvent;
    expect(toRecordedEvent(resolved)).toEqual({
      id: 'a5e0e1f4-0b8e-4b43-8a53-2f4f3a8f9d10',
      streamId: 'order-1',
      type: 'Placed',
      version: 2,
      data: { total: 3 },
      metadata: { correlationId: 'c' },
      revision: 4n,
      position: { transaction: 900n, sequence: 880n },
      createdAt: created,
    });
    expect(toRecordedEvent({} as AllStreamResolvedEvent)).toBeUndefined();
  });

  it('recognises system events by stream or type', () => {
    expect(isSystemEvent('order-1', 'Placed')).toBe(false);
    expect(isSystemEvent('order-1', '$metadata')).toBe(true);
    expect(isSystemEvent('$$order-1', '$metadata')).toBe(true);
    expect(isSystemEvent('$stats-127.0.0.1:2113', 'Stats')).toBe(true);
  });

  it('maps stream metadata: truncateBefore as an integer, other keys as custom metadata', () => {
    expect(toEsdbStreamMetadata({ truncateBefore: 2n, owner: 'u1' })).toEqual({ truncateBefore: 2, owner: 'u1' });
    expect(toEsdbStreamMetadata({ owner: 'u1' })).toEqual({ owner: 'u1' });
    expect(() => toEsdbStreamMetadata({ truncateBefore: 2n ** 60n })).toThrow(RangeError);
    expect(fromEsdbStreamMetadata({ truncateBefore: 2, owner: 'u1' })).toEqual({ truncateBefore: 2n, owner: 'u1' });
    expect(fromEsdbStreamMetadata(undefined)).toEqual({});
    // A soft delete stores long.MaxValue, which JSON.parse rounds.
    expect(fromEsdbStreamMetadata(JSON.parse('{"truncateBefore":9223372036854775807}'))).toEqual({
      truncateBefore: DELETED_STREAM_TRUNCATE_BEFORE,
    });
  });
});
