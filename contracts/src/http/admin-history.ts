import { z } from 'zod';
import { PositionSchema, defineRoute } from './route';

/**
 * The admin pages with a History tab; each names the streams of the log its entity lives in. A lesson and a
 * starting point live in their course's stream; `exercises` are a chapter's (by the chapter's id).
 */
export const HISTORY_ENTITIES = [
  'article',
  'series',
  'user',
  'course',
  'lesson',
  'chapter',
  'exercises',
  'starting-point',
  'announcement',
  'prompt',
] as const;
export const HistoryEntitySchema = z.enum(HISTORY_ENTITIES);
export type HistoryEntity = z.infer<typeof HistoryEntitySchema>;

/** Shown for an actor whose account was erased (their name was crypto-shredded with it). */
export const DELETED_ACTOR = 'Deleted account';

export const HistoryEntrySchema = z.object({
  position: PositionSchema,
  /** The event's type, e.g. `library.ArticleDeclined`. */
  type: z.string(),
  /** The same in words, e.g. "Article declined". */
  label: z.string(),
  at: z.iso.datetime({ offset: true }),
  /** Who did it; null for the system (seed, reconciliation, reactors). */
  actor: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The fields the event set. */
  changed: z.array(z.string()),
  /** Short values of those fields (never for accounts, whose personal data is sealed). */
  details: z.array(z.object({ field: z.string(), value: z.string() })),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

export const HISTORY_PAGE_MAX = 100;

export const adminHistory = defineRoute({
  method: 'GET',
  path: '/api/admin/history/:entity/:id',
  access: 'admin',
  summary: 'Who changed an entity, what and when (admin): its events read from the log, newest first',
  description:
    "The log is the audit trail: every write is an event whose metadata names the acting user, so this reads the entity's " +
    'streams, not a separate audit table. An id with no events answers an empty list. Page with `before` (the `nextBefore` of the previous page).',
  params: z.object({
    entity: HistoryEntitySchema,
    id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'Not an id'),
  }),
  query: z.object({
    before: PositionSchema.optional(),
    limit: z.coerce.number().int().min(1).max(HISTORY_PAGE_MAX).default(50),
  }),
  response: z.object({ entries: z.array(HistoryEntrySchema), nextBefore: PositionSchema.nullable() }),
});

export const adminHistoryRoutes = { adminHistory };
