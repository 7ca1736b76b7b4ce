import type { z } from 'zod';
import type { EventMetadata, NewEvent, RecordedEvent } from '../event-store/port';

/**
 * A domain event type: a zod schema for its current version, and upcasters that lift stored data of
 * older versions one step at a time. Old events are upcast on read, never rewritten in the log.
 */
export interface EventDefinition<T extends string = string, S extends z.ZodType = z.ZodType> {
  readonly type: T;
  readonly version: number;
  readonly schema: S;
  /** upcasters[n] turns data of version n into data of version n + 1. */
  readonly upcasters: Readonly<Record<number, (data: Record<string, unknown>) => Record<string, unknown>>>;
}

export function defineEvent<T extends string, S extends z.ZodType>(
  type: T,
  schema: S,
  options: { version?: number; upcasters?: EventDefinition['upcasters'] } = {},
): EventDefinition<T, S> {
  const version = options.version ?? 1;
  const upcasters = options.upcasters ?? {};
  for (let v = 1; v < version; v++) {
    if (!upcasters[v]) throw new Error(`Event ${type} v${version} has no upcaster from v${v}`);
  }
  return { type, version, schema, upcasters };
}

/** The event a decider sees: a type and its parsed data. */
export type EventOf<D> = D extends EventDefinition<infer T, infer S> ? { type: T; data: z.infer<S> } : never;

export class UnknownEventError extends Error {
  override readonly name = 'UnknownEventError';
}

/**
 * The data of a recorded event of type `def`, upcast to the current version and validated. Other
 * contexts read a published event this way, so they see the same shape as its own context.
 */
export function readEventData<D extends EventDefinition>(
  def: D,
  recorded: Pick<RecordedEvent, 'type' | 'version' | 'data'>,
): z.infer<D['schema']> {
  if (recorded.type !== def.type) throw new UnknownEventError(`Expected ${def.type}, got ${recorded.type}`);
  if (recorded.version > def.version) {
    throw new UnknownEventError(`${recorded.type} v${recorded.version} is newer than this code (v${def.version})`);
  }
  let data = recorded.data;
  for (let v = recorded.version; v < def.version; v++) data = def.upcasters[v]!(data);
  // Data stored at the current version was parsed by this schema on append (EventCodec.encode).
  if (trusting && recorded.version === def.version) return data as z.infer<D['schema']>;
  return def.schema.parse(data) as z.infer<D['schema']>;
}

let trusting = false;

/**
 * Runs `work` (synchronous: nothing else interleaves) with readEventData taking data stored at the current
 * version as the schema's output without parsing it again: it was validated on append. Old versions are
 * still upcast and validated. For rebuilds, where the parse of every event in the log was most of the fold.
 * The platform's projectors decide when to trust (live statements, bulk folds, declared projections); contexts
 * never call it (lint: verba-projections/no-projection-machinery).
 */
export function trustingAppendValidation<T>(work: () => T): T {
  const was = trusting;
  trusting = true;
  try {
    return work();
  } finally {
    trusting = was;
  }
}

/** Encodes events for the store and decodes (upcasts, then validates) what the store returns. */
export class EventCodec<D extends EventDefinition> {
  private readonly byType: Map<string, D>;

  constructor(definitions: readonly D[]) {
    this.byType = new Map(definitions.map((d) => [d.type, d]));
  }

  has(type: string): boolean {
    return this.byType.has(type);
  }

  encode(event: EventOf<D>, id: string, metadata?: EventMetadata): NewEvent {
    const def = this.definition(event.type);
    const data = def.schema.parse(event.data) as Record<string, unknown>;
    return { id, type: def.type, version: def.version, data, ...(metadata ? { metadata } : {}) };
  }

  decode(recorded: RecordedEvent): EventOf<D> {
    const def = this.definition(recorded.type);
    return { type: def.type, data: readEventData(def, recorded) } as EventOf<D>;
  }

  private definition(type: string): D {
    const def = this.byType.get(type);
    if (!def) throw new UnknownEventError(`Unknown event type ${type}`);
    return def;
  }
}
