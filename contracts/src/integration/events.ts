import { z } from 'zod';
import { defineIntegrationEvent } from './envelope';

/**
 * The integration events Verba publishes. A published version is frozen: never edit its schema. To change
 * a shape, add `...V2` beside `...V1`, publish both for a while, and keep V1 here for as long as anyone
 * may still read it (consumers replay old messages). Enums are spelled out rather than imported from the
 * domain so that widening the domain (a new language) cannot silently change a published version.
 */

/** A user's account was deleted: consumers erase what they hold about the user. */
export const UserDeletedV1 = defineIntegrationEvent(
  'verba.identity.user-deleted',
  1,
  z.object({ userId: z.uuid() }),
);

/** A learner marked a word new, known or uncertain in one learning language. */
export const WordStatusChangedV1 = defineIntegrationEvent(
  'verba.vocabulary.word-status-changed',
  1,
  z.object({
    userId: z.uuid(),
    language: z.enum(['de', 'fr', 'es', 'ru']),
    word: z.string().min(1).max(200),
    status: z.enum(['new', 'known', 'uncertain']),
  }),
);

/** Every version of every event, old ones included; consumers look definitions up by (type, version). */
export const INTEGRATION_EVENTS = [UserDeletedV1, WordStatusChangedV1] as const;

export type KnownIntegrationEvent = z.output<(typeof INTEGRATION_EVENTS)[number]['schema']>;

const byTypeAndVersion = new Map(INTEGRATION_EVENTS.map((d) => [`${d.type}@${d.version}`, d]));

/**
 * Parses a received message value (JSON text or an object) against the contract for its type and version.
 * Throws on unknown types and versions too: a consumer decides whether to skip or stop on those.
 */
export function parseIntegrationEvent(value: unknown): KnownIntegrationEvent {
  const raw: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  const head = z.object({ type: z.string(), version: z.number() }).parse(raw);
  const definition = byTypeAndVersion.get(`${head.type}@${head.version}`);
  if (!definition) throw new Error(`Unknown integration event ${head.type} v${head.version}`);
  return definition.schema.parse(raw) as KnownIntegrationEvent;
}
