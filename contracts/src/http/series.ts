import { z } from 'zod';
import { LearningLanguageSchema } from '../domain/languages';
import { visibleName } from '../domain/names';
import { ArticleSummarySchema, ImageSrcSchema, LIBRARY_MESSAGES } from './library';
import { CommandIdSchema, PositionSchema, defineRoute } from './route';

export const SERIES_TITLE_MAX = 200;
export const SERIES_DESCRIPTION_MAX = 2000;

export const SERIES_MESSAGES = {
  titleTooLong: `Maximum ${SERIES_TITLE_MAX} letters are allowed`,
  descriptionTooLong: `Maximum ${SERIES_DESCRIPTION_MAX} letters are allowed`,
} as const;

/** A series groups articles of one language; private series are seen by their author only. */
export const SeriesSchema = z.object({
  id: z.uuid(),
  languageCode: LearningLanguageSchema,
  title: z.string(),
  description: z.string(),
  previewImgSrc: z.string().nullable(),
  authorDisplayName: z.string(),
  isPrivate: z.boolean(),
  isAuthor: z.boolean(),
  /** Articles of the series the caller can see. */
  totalArticles: z.number().int(),
  creationDate: z.number().int(),
});
export type Series = z.infer<typeof SeriesSchema>;

const seriesId = z.uuid({ message: LIBRARY_MESSAGES.seriesNotFound });
const M = LIBRARY_MESSAGES;

export const SeriesInputSchema = z.object({
  languageCode: LearningLanguageSchema,
  title: visibleName(z.string({ message: M.required }))
    .min(1, M.required)
    .max(SERIES_TITLE_MAX, SERIES_MESSAGES.titleTooLong),
  description: z.string().trim().max(SERIES_DESCRIPTION_MAX, SERIES_MESSAGES.descriptionTooLong).default(''),
  previewImgSrc: ImageSrcSchema.nullable().default(null),
  authorDisplayName: visibleName().max(60, M.authorTooLong).default(''),
  isPrivate: z.boolean().default(true),
});
export type SeriesInput = z.output<typeof SeriesInputSchema>;

const savedSeries = z.object({ series: SeriesSchema, position: PositionSchema.optional() });
const minPosition = { minPosition: PositionSchema.optional() };

export const createSeries = defineRoute({
  method: 'POST',
  path: '/api/series/create',
  access: 'user',
  summary: 'Create a series (public series need Master and pass the moderation check)',
  status: 201,
  body: SeriesInputSchema.extend({ commandId: CommandIdSchema.optional() }),
  response: savedSeries,
});

export const listSeries = defineRoute({
  method: 'GET',
  path: '/api/series/get',
  access: 'user',
  summary: 'Public series and the caller’s own, in one language',
  query: z.object({ languageCode: LearningLanguageSchema, ...minPosition }),
  response: z.object({ series: z.array(SeriesSchema) }),
});

export const getSeries = defineRoute({
  method: 'GET',
  path: '/api/series/:id',
  access: 'user',
  summary: 'One series',
  params: z.object({ id: seriesId }),
  query: z.object(minPosition),
  response: SeriesSchema,
});

export const userSeries = defineRoute({
  method: 'GET',
  path: '/api/series/user-series',
  access: 'user',
  summary: 'The caller’s own series',
  query: z.object({ languageCode: LearningLanguageSchema.optional(), ...minPosition }),
  response: z.object({ series: z.array(SeriesSchema) }),
});

export const deleteSeries = defineRoute({
  method: 'DELETE',
  path: '/api/series/delete',
  access: 'user',
  summary: 'Delete one of the caller’s series (its articles stay, outside any series)',
  query: z.object({ seriesId }),
  response: z.object({ position: PositionSchema.optional() }),
});

export const updateSeries = defineRoute({
  method: 'POST',
  path: '/api/series/update',
  access: 'user',
  summary: 'Replace the title, description, image and visibility of one of the caller’s series',
  body: SeriesInputSchema.omit({ languageCode: true }).extend({ seriesId, commandId: CommandIdSchema.optional() }),
  response: savedSeries,
});

export const seriesDetails = defineRoute({
  method: 'GET',
  path: '/api/series/details/:id',
  access: 'user',
  summary: 'A series with its articles the caller can see (oldest first, labelled)',
  params: z.object({ id: seriesId }),
  query: z.object(minPosition),
  response: z.object({ series: SeriesSchema, articles: z.array(ArticleSummarySchema) }),
});

export const seriesRoutes = { createSeries, listSeries, getSeries, userSeries, deleteSeries, updateSeries, seriesDetails };
