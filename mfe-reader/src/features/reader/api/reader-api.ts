import { api } from '@verba/kit';

export type WordStatus = 'new' | 'known' | 'uncertain';

export interface Article {
  id: string;
  name: string;
  /** Plain text: rendered as text, never as HTML. */
  content: string;
  languageCode: string;
}

export const fetchArticle = (id: string, signal?: AbortSignal) =>
  api<Article>(`/api/articles/${encodeURIComponent(id)}`, { signal });

/** The learner's dictionary as key -> status; words not in it are "new". */
export async function fetchStatuses(languageCode: string, signal?: AbortSignal): Promise<Map<string, WordStatus>> {
  const data = await api<{ words: Array<{ value: string; status: 'known' | 'uncertain' }> }>(
    `/api/dictionary?languageCode=${encodeURIComponent(languageCode)}`,
    { signal },
  );
  return new Map(data.words.map((w) => [w.value, w.status]));
}

export const markWord = (languageCode: string, key: string, status: WordStatus) =>
  api('/api/dictionary/word', { method: 'PATCH', body: { languageCode, word: { value: key, status } } });
