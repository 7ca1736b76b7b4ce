import { keepPrevious, useCommand, useRouteQuery } from '@verba/kit/query';
import {
  ADMIN_PAGE_SIZE,
  adminCreateSeries,
  adminDeleteSeries,
  adminGetSeries,
  adminListSeries,
  adminUpdateSeries,
} from '@verba/contracts/http';
import type { LearningLanguage } from '@verba/contracts';
import type { CommandOptions } from '../../../shared/api/command-options';

/** A page of every series (any author). */
export const useSeriesPage = (languageCode: LearningLanguage | undefined, page: number) =>
  useRouteQuery(
    adminListSeries,
    { query: { ...(languageCode ? { languageCode } : {}), page, pageSize: ADMIN_PAGE_SIZE } },
    { placeholderData: keepPrevious },
  );

export const useSeries = (id: string | undefined) =>
  useRouteQuery(adminGetSeries, { params: { seriesId: id ?? '' } }, { enabled: !!id, placeholderData: keepPrevious });

export const useCreateSeries = (options?: CommandOptions<typeof adminCreateSeries>) => useCommand(adminCreateSeries, options);
export const useDeleteSeries = (options?: CommandOptions<typeof adminDeleteSeries>) => useCommand(adminDeleteSeries, options);
export const useUpdateSeries = (options?: CommandOptions<typeof adminUpdateSeries>) => useCommand(adminUpdateSeries, options);
