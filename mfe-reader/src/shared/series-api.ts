import { atLeast } from '@verba/kit';
import { useMinPosition, useRouteQuery } from '@verba/kit/query';
import { listSeries } from '@verba/contracts/http';
import type { LearningLanguage } from '@verba/contracts';

/** The series of one language (the library's filter, the series page), read after this tab's writes. */
export function useSeriesList(languageCode: LearningLanguage) {
  const minPosition = useMinPosition();
  return useRouteQuery(listSeries, { query: { languageCode, ...atLeast(minPosition) } });
}
