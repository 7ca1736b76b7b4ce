import { ApiError, client, navigate, sendCommand } from '@verba/kit';
import { useRouteQuery } from '@verba/kit/query';
import {
  canCreate,
  checkPublicArticle,
  createArticle,
  createSeries,
  deleteSeries,
  getArticle,
  getSeries,
  seriesDetails,
  updateArticle,
  updateSeries,
  userSeries,
} from '@verba/contracts/http';
import type { LearningLanguage } from '@verba/contracts';
import { useEffect, useState } from 'react';
import type { z } from 'zod';

export const SUBSCRIBE_PATH = '/app/user-profile/subscribe';

type CreateCheck = z.output<(typeof canCreate)['response']>;

/**
 * GET articles/create before showing the form: a 403 (a free user at the private limit, spec §2)
 * sends the user to the subscribe page; otherwise the answer says whether public is allowed.
 */
export function useCreateCheck(enabled: boolean): { check: CreateCheck | null; error: ApiError | null } {
  const [state, setState] = useState<{ check: CreateCheck | null; error: ApiError | null }>({ check: null, error: null });
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    client.call(canCreate, { query: {} }).then(
      (check) => current && setState({ check, error: null }),
      (error: ApiError) => {
        if (!current) return;
        if (error.status === 403) navigate(SUBSCRIBE_PATH, { replace: true });
        else setState({ check: null, error });
      },
    );
    return () => {
      current = false;
    };
  }, [enabled]);
  return state;
}

// Reads after this tab's writes: a saved article or series shows in every list and form at once.
export function useUserSeries(languageCode: LearningLanguage) {
  return useRouteQuery(userSeries, { query: { languageCode } });
}

export function useSeries(id: string) {
  return useRouteQuery(getSeries, { params: { id } }, { enabled: id !== '' });
}

/** The article being edited. */
export function useEditedArticle(id: string) {
  return useRouteQuery(getArticle, { params: { id } });
}

type ArticleInput = z.input<(typeof createArticle)['body']>;

/**
 * Adds or saves an article. A public one passes the AI moderation check first (spec:
 * translation-ai/check-public-article); a decline throws with the reason and saves nothing.
 */
export async function saveArticle(input: Omit<ArticleInput, 'commandId'>, existingId: string | undefined) {
  if (!input.isPrivate) {
    const check = await client.call(checkPublicArticle, { body: { name: input.name, content: input.content } });
    if (!check.ok) throw new Error(`This article cannot be published: ${check.reason}`);
  }
  const { article } = existingId
    ? await sendCommand(updateArticle, { body: { ...input, articleId: existingId } })
    : await sendCommand(createArticle, { body: input });
  return article;
}

type SeriesInput = Omit<z.input<(typeof createSeries)['body']>, 'commandId' | 'languageCode'>;

/** Creates a series in a language, or saves one. */
export async function saveSeries(input: SeriesInput, languageCode: LearningLanguage, existingId: string | undefined) {
  const { series } = existingId
    ? await sendCommand(updateSeries, { body: { ...input, seriesId: existingId } })
    : await sendCommand(createSeries, { body: { ...input, languageCode } });
  return series;
}

/** A series with the articles the learner can see, in reading order. */
export function useSeriesDetails(id: string) {
  return useRouteQuery(seriesDetails, { params: { id } });
}

/** Deletes one of the learner's series (its articles stay, outside any series). */
export async function deleteOwnSeries(seriesId: string) {
  await sendCommand(deleteSeries, { query: { seriesId } });
}
