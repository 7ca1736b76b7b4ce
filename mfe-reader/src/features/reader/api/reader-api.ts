import { atLeast } from '@verba/kit';
import { optimisticMarks, useCommand, useOpenedAt, useRouteQuery, type WordMark } from '@verba/kit/query';
import { getArticle, getAudio, getDictionary, patchDictionary, patchWord } from '@verba/contracts/http';
import type { LearningLanguage } from '@verba/contracts';

export type WordStatus = 'new' | 'known' | 'uncertain';
type Dictionary = { languageCode: LearningLanguage; words: Array<{ value: string; status: 'known' | 'uncertain' }> };
type Mark = WordMark;

/**
 * Where this tab's writes stood when the reader opened: the article, the word statuses and the bookmark
 * are read there, once. Later marks need no new read (they update the cached statuses themselves), and
 * page turns keep their own page; a reader opened after writes elsewhere (My words, an edit) reads them.
 */
export { useOpenedAt };

export const useArticle = (id: string, openedAt: string | undefined) =>
  useRouteQuery(getArticle, { params: { id }, query: { ...atLeast(openedAt) } });

/** The article's audio, when an admin attached some. */
export const useArticleAudio = (articleId: string) => useRouteQuery(getAudio, { params: { targetKind: 'article', targetId: articleId } });

const toStatusMap = (data: Dictionary) => new Map<string, WordStatus>(data.words.map((w) => [w.value, w.status]));

/** The learner's dictionary as key -> status (words not in it are "new"), read where the reader opened. */
export const useStatuses = (languageCode: LearningLanguage | undefined, openedAt: string | undefined) =>
  useRouteQuery(
    getDictionary,
    { query: { languageCode: languageCode ?? 'de', ...atLeast(openedAt) } },
    { enabled: languageCode !== undefined, select: toStatusMap },
  );

type Body<T> = { body?: T };

/** One word's status; its position makes later reads (the library's labels) include it. */
export const useMarkWord = () =>
  useCommand(
    patchWord,
    optimisticMarks(
      ({ body }: Body<{ languageCode: LearningLanguage; word: Mark }>) => body && { languageCode: body.languageCode, marks: [body.word] },
    ),
  );

/** Marks many words Known in one PATCH (the rest of a page). */
export const useMarkKnown = () =>
  useCommand(
    patchDictionary,
    optimisticMarks(
      ({ body }: Body<{ languageCode: LearningLanguage; words: Mark[] }>) => body && { languageCode: body.languageCode, marks: body.words },
    ),
  );
