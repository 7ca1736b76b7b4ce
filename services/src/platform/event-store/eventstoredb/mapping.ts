/**
 * Pure conversions between the event store port and @eventstore/db-client. No I/O here, so they are
 * unit-tested without a server (mapping.test.ts).
 */
import { createHash } from 'node:crypto';
import {
  ANY,
  NO_STREAM,
  START as ESDB_START,
  type AllStreamResolvedEvent,
  type CurrentRevision,
  type ExpectedRevision as EsdbExpectedRevision,
  type Position as EsdbPosition,
  type ReadPosition,
  type ResolvedEvent,
  type StreamMetadata as EsdbStreamMetadata,
} from '@eventstore/db-client';
import {
  comparePositions,
  START,
  type EventMetadata,
  type ExpectedRevision,
  type Position,
  type RecordedEvent,
  type StreamMetadata,
} from '../port';

/** Key in the event's metadata JSON that carries the schema version of `data`. */
export const VERSION_KEY = '$v';
/** Key in the event's metadata JSON that keeps a caller's event id that is not a canonical UUID. */
export const ORIGINAL_ID_KEY = '$id';
/** EventStoreDB's `$tb` of a soft-deleted stream (long.MaxValue). */
export const DELETED_STREAM_TRUNCATE_BEFORE = 9223372036854775807n;

export function toEsdbExpectedRevision(expected: ExpectedRevision): EsdbExpectedRevision {
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'any') return ANY;
  if (typeof expected !== 'bigint' || expected < 0n) {
    throw new RangeError(`Expected revision must be 'no_stream', 'any' or a revision >= 0, got ${String(expected)}`);
  }
  return expected;
}

/** The client reports the current revision as a bigint, or 'no_stream' when the stream does not exist. */
export function fromEsdbCurrentRevision(current: CurrentRevision | string | undefined): bigint | undefined {
  return typeof current === 'bigint' && current >= 0n ? current : undefined;
}

export function fromEsdbPosition(p: EsdbPosition): Position {
  return { transaction: BigInt(p.commit), sequence: BigInt(p.prepare) };
}

/** Where a read/subscription of $all starts for an exclusive `after`; START becomes the client's START. */
export function toEsdbReadPosition(after: Position | undefined): ReadPosition {
  if (!after || comparePositions(after, START) === 0) return ESDB_START;
  return { commit: after.transaction, prepare: after.sequence };
}

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** Namespace for ids that are not UUIDs (a fixed random UUID, so the mapping never changes). */
const ID_NAMESPACE = '4c1f0d5e-8b7a-4f55-9a0e-6c3d2b1a9e87';

/** RFC 4122 version 5 (SHA-1, name-based) UUID of `name` in `namespace`. */
export function uuidV5(name: string, namespace: string = ID_NAMESPACE): string {
  const ns = Buffer.from(namespace.replace(/-/g, ''), 'hex');
  const hash = createHash('sha1').update(ns).update(name, 'utf8').digest();
  const b = hash.subarray(0, 16);
  b[6] = (b[6]! & 0x0f) | 0x50;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * EventStoreDB event ids must be UUIDs; it dedupes appends by them. A canonical (lower-case) UUID is used
 * as is. Anything else maps deterministically to a UUIDv5 (so retries still dedupe) and the original id
 * travels in the metadata so reads return it unchanged.
 */
export function toEsdbEventId(id: string): { eventId: string; originalId?: string } {
  if (UUID_RE.test(id)) return { eventId: id };
  return { eventId: uuidV5(id), originalId: id };
}

/** The metadata JSON stored with an event: the caller's metadata plus the schema version (and odd ids). */
export function encodeEventMetadata(metadata: EventMetadata | undefined, version: number, originalId?: string): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(metadata ?? {}), [VERSION_KEY]: version };
  if (originalId !== undefined) out[ORIGINAL_ID_KEY] = originalId;
  return out;
}

export interface DecodedEventMetadata {
  metadata: EventMetadata;
  /** Schema version; 1 when the event was not written by this adapter. */
  version: number;
  originalId?: string;
}

export function decodeEventMetadata(raw: unknown): DecodedEventMetadata {
  const record = asRecord(raw);
  if (!record) return { metadata: {}, version: 1 };
  const { [VERSION_KEY]: v, [ORIGINAL_ID_KEY]: originalId, ...metadata } = record;
  const version = typeof v === 'number' && Number.isInteger(v) ? v : 1;
  return typeof originalId === 'string' ? { metadata, version, originalId } : { metadata, version };
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  if (value instanceof Uint8Array) {
    try {
      value = JSON.parse(Buffer.from(value).toString('utf8'));
    } catch {
      return undefined;
    }
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  return undefined;
}

/** Event data as a record; JSON that is not an object (or binary data) is wrapped, never dropped. */
function toData(data: unknown): Record<string, unknown> {
  const record = asRecord(data);
  if (record) return record;
  if (data instanceof Uint8Array) return { $binary: Buffer.from(data).toString('base64') };
  return { value: data };
}

/** Events of system streams (`$…`, including metadata streams `$$…`) and system event types (`$…`). */
/** The stream whose first event names the log (EventStore.logId): bookkeeping, not a domain event. */
export const LOG_STREAM = 'verba-log';

export function isSystemEvent(streamId: string, type: string): boolean {
  return streamId.startsWith('$') || type.startsWith('$') || streamId === LOG_STREAM;
}

type AnyResolvedEvent = ResolvedEvent | AllStreamResolvedEvent;

/**
 * Maps a resolved event of the client to a RecordedEvent; undefined when it carries no event (a link
 * whose target is gone; this adapter never reads with resolveLinkTos). System events are mapped too:
 * reads of $all drop them with isSystemEvent.
 */
export function toRecordedEvent(resolved: AnyResolvedEvent): RecordedEvent | undefined {
  const e = resolved.event;
  if (!e) return undefined;
  const { metadata, version, originalId } = decodeEventMetadata(e.metadata);
  // Servers since 22.6 return the position on every read; older ones only the commit position.
  const position = e.position
    ? fromEsdbPosition(e.position)
    : { transaction: resolved.commitPosition ?? 0n, sequence: resolved.commitPosition ?? 0n };
  return {
    id: originalId ?? e.id,
    streamId: e.streamId,
    type: e.type,
    version,
    data: toData(e.data),
    metadata,
    revision: BigInt(e.revision),
    position,
    createdAt: e.created,
  };
}

/**
 * Our stream metadata as the client's: `truncateBefore` is a bigint here and a (safe) integer there
 * (stored as `$tb`); every other key is custom metadata and passes through. Note that the client and
 * server give `maxAge`, `maxCount`, `cacheControl` and `acl` their EventStoreDB meaning.
 */
export function toEsdbStreamMetadata(metadata: StreamMetadata): EsdbStreamMetadata {
  const { truncateBefore, ...custom } = metadata;
  if (truncateBefore === undefined) return custom;
  if (typeof truncateBefore !== 'bigint' || truncateBefore < 0n || truncateBefore > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError(`truncateBefore must be a bigint between 0 and 2^53-1, got ${String(truncateBefore)}`);
  }
  return { ...custom, truncateBefore: Number(truncateBefore) };
}

export function fromEsdbStreamMetadata(metadata: EsdbStreamMetadata | undefined): StreamMetadata {
  if (!metadata) return {};
  const { truncateBefore, ...custom } = metadata as Record<string, unknown>;
  const tb = truncateBeforeToBigInt(truncateBefore);
  return tb === undefined ? custom : { ...custom, truncateBefore: tb };
}

function truncateBeforeToBigInt(value: unknown): bigint | undefined {
  if (typeof value === 'bigint') return value;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) return undefined;
  // A soft delete sets $tb to long.MaxValue, which JSON.parse cannot hold exactly.
  if (value > Number.MAX_SAFE_INTEGER) return DELETED_STREAM_TRUNCATE_BEFORE;
  return BigInt(value);
}
