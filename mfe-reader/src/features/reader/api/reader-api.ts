import { useCallback } from 'react';
import { toast } from '@verba/kit';
import { optimisticMarks, useCommand, useOpenedAt, useRouteQuery, type WordMark } from '@verba/kit/query';
import { getArticle, getAudio, getDictionary, patchDictionary, patchWord } from '@verba/contracts/http';
import { type EntryStatus, type LearningLanguage, type WordStatus } from '@verba/contracts';
import type { WordIndex } from '../word-index';
import { useLookedUp } from '../looked-up';
import { makeUncertainCard, useCardKeys } from './word-help-api';
import { articleRead, statusesRead } from './first-reads';

/** New, Known, Uncertain, or Ignored (a name, a number, a foreign word: painted as plain text, counted nowhere). */
export type { WordStatus };
type Dictionary = { languageCode: LearningLanguage; words: Array<{ value: string; status: EntryStatus }> };

/**
 * Where this tab's writes stood when the reader opened: the article, the word statuses and the bookmark
 * are read there, once. Later marks need no new read (they update the cached statuses themselves), and
 * page turns keep their own page; a reader opened after writes elsewhere (My words, an edit) reads them.
 */
export { useOpenedAt };

export const useArticle = (id: string, openedAt: string | undefined) => useRouteQuery(getArticle, articleRead(id, openedAt));

/** The article's audio, when an admin attached some. */
export const useArticleAudio = (articleId: string) => useRouteQuery(getAudio, { params: { targetKind: 'article', targetId: articleId } });

const toStatusMap = (data: Dictionary) => new Map<string, WordStatus>(data.words.map((w) => [w.value, w.status]));

/** The learner's dictionary as word -> status (words not in it are "new"), read where the reader opened. */
export const useStatuses = (languageCode: LearningLanguage | undefined, openedAt: string | undefined) =>
  useRouteQuery(getDictionary, statusesRead(languageCode ?? 'de', openedAt), { enabled: languageCode !== undefined, select: toStatusMap });

type Body<T> = { body?: T };

/** A refused mark: the cache is back as it was (which repaints the words); the learner is told why. */
const refused = (title: string) => (error: Error) => toast({ title, description: error.message, variant: 'destructive' });

/** The word a learner marks: its dictionary form, and as written in its sentence (for its flashcard). */
export interface MarkedWord {
  word: string;
  text: string;
  sentence: string;
}

/**
 * Marking a word, from the word panel or a key press. Instant: every occurrence on the page is repainted
 * now and the cached dictionary follows (optimisticMarks); a mark the server refuses goes back to what
 * it was, which repaints it, and says why. The PATCH's position makes later reads (the library's labels)
 * include it. A word marked Uncertain gets its flashcard (the profile's setting, on by default) with the
 * sentence it was marked in; a word with a card gets none, and marking it Known later leaves the card.
 * The word is recorded as set on this article, so "mark the rest of this page as known" leaves it alone.
 */
export function useMarkWord(article: { id: string; name: string; languageCode: LearningLanguage }) {
  const { id, name, languageCode } = article;
  // mutateAsync: a promise per mark (TanStack calls mutate's own callbacks for the last of quick marks only).
  const send = useCommand(
    patchWord,
    optimisticMarks(
      ({ body }: Body<{ languageCode: LearningLanguage; word: WordMark }>) =>
        body && { languageCode: body.languageCode, marks: [body.word] },
    ),
  ).mutateAsync;
  const cards = useCardKeys(languageCode, id).data;
  const lookedUp = useLookedUp(id);
  return useCallback(
    (words: WordIndex, marked: MarkedWord, status: WordStatus) => {
      lookedUp.add([marked.word]);
      if (words.markOf(marked.word) === status) return;
      words.setStatus(marked.word, status);
      send({ body: { languageCode, word: { value: marked.word, status } } }).then(
        () => {
          if (status !== 'uncertain' || cards?.has(marked.word)) return;
          makeUncertainCard(languageCode, { id, name }, marked).then((made) => {
            if (made) toast({ title: `“${marked.text}” was added to your flashcards` });
          }, refused('The flashcard could not be added.'));
        },
        refused(`“${marked.word}” could not be saved.`),
      );
    },
    [send, cards, lookedUp, languageCode, id, name],
  );
}

/**
 * Marks many words in one PATCH (the rest of a page, or putting them back), repainted at once like a single
 * mark: on `words` (the page shown) now, and on every cached read of the dictionary, which a refused PATCH
 * puts back as it was. The promise settles with the server's answer.
 */
export function useMarkMany(languageCode: LearningLanguage | undefined) {
  const send = useCommand(
    patchDictionary,
    optimisticMarks(
      ({ body }: Body<{ languageCode: LearningLanguage; words: WordMark[] }>) =>
        body && { languageCode: body.languageCode, marks: body.words },
    ),
  ).mutateAsync;
  return useCallback(
    async (words: WordIndex | null, marks: readonly WordMark[]): Promise<void> => {
      if (!languageCode || marks.length === 0) return;
      for (const { value, status } of marks) words?.setStatus(value, status);
      await send({ body: { languageCode, words: [...marks] } });
    },
    [send, languageCode],
  );
}
