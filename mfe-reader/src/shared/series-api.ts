import { useRouteQuery } from '@verba/kit/query';
import { listSeries } from '@verba/contracts/http';
import type { LearningLanguage } from '@verba/contracts';

/** The series of one language (the library's filter, the series page), read after this tab's writes. */
export function useSeriesList(languageCode: LearningLanguage) {
  return useRouteQuery(listSeries, { query: { languageCode } });
}
