import { useRouteQuery } from '@verba/kit/query';
import { listArticles, listSeries } from '@verba/contracts/http';
import type { LearningLanguage } from '@verba/contracts';
import type { z } from 'zod';

export type ArticleFilters = Partial<Omit<z.input<(typeof listArticles)['query']>, 'languageCode' | 'minPosition'>>;
export const PAGE_SIZE = 20;

export const useArticles = (languageCode: LearningLanguage, filters: ArticleFilters) =>
  useRouteQuery(listArticles, { query: { languageCode, pageSize: PAGE_SIZE, ...filters } }, { placeholderData: (previous) => previous });

export const useSeriesList = (languageCode: LearningLanguage) => useRouteQuery(listSeries, { query: { languageCode } });
