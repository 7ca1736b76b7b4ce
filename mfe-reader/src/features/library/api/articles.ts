import { useRouteQuery } from '@verba/kit/query';
import { listArticles } from '@verba/contracts/http';
import type { LearningLanguage } from '@verba/contracts';

export const useArticles = (languageCode: LearningLanguage) => useRouteQuery(listArticles, { query: { languageCode } });
