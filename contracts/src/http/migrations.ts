import { z } from 'zod';
import { defineRoute } from './route';

/**
 * Spec §7's `PATCH migrations/addArticlesTotalRead`. In an event-sourced product a "migration that adds the
 * total reads" is a rebuild: the read model is built again from the log beside the live one (blue/green) and
 * swapped in once it has caught up, so every article's total reads are recounted from the `ArticleRead` facts.
 */
export const REBUILD_STATES = ['not-started', 'running', 'done', 'failed'] as const;

export const TotalReadsRebuildSchema = z.object({
  state: z.enum(REBUILD_STATES),
  /** Epoch milliseconds; null before the first start. */
  startedAt: z.number().int().nullable(),
  finishedAt: z.number().int().nullable(),
  /** Events of the log read so far by the rebuild (it reads the whole log, in order). */
  eventsRead: z.number().int(),
  /** Read model generation the rebuild builds (the live one once done); null before the first start. */
  generation: z.number().int().nullable(),
  /** Once done: the articles in the rebuilt model and the sum of their total reads. */
  articles: z.number().int().nullable(),
  totalReads: z.number().int().nullable(),
  /** Why it failed (generic; the details are in the server log). */
  message: z.string().nullable(),
});
export type TotalReadsRebuild = z.infer<typeof TotalReadsRebuildSchema>;

const HOW =
  'Verba is event sourced: total reads are not a stored field to migrate but a read model projected from the ' +
  "log's ArticleRead events. This starts a rebuild of that read model (the library's articles projection) " +
  'from the first event, beside the live one (blue/green): readers keep the live figures until the new ' +
  'generation has caught up, then the views switch to it. Poll GET on the same path for progress.';

export const startTotalReadsRebuild = defineRoute({
  method: 'PATCH',
  path: '/api/migrations/addArticlesTotalRead',
  access: 'admin',
  summary: "Rebuild the articles' total reads from the event log (blue/green); answers at once with the progress",
  description: `${HOW} A call while a rebuild runs starts no second one and answers its progress.`,
  response: TotalReadsRebuildSchema,
  status: 202,
});

export const totalReadsRebuildStatus = defineRoute({
  method: 'GET',
  path: '/api/migrations/addArticlesTotalRead',
  access: 'admin',
  summary: 'Progress of the total-reads rebuild',
  description: HOW,
  response: TotalReadsRebuildSchema,
});

export const migrationRoutes = { startTotalReadsRebuild, totalReadsRebuildStatus };
