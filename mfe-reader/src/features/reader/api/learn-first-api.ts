import { sendCommand } from '@verba/kit';
import { useRouteQuery } from '@verba/kit/query';
import { createFlashcards, getLearnFirst, type LearnFirst, type LearnFirstWord } from '@verba/contracts/http';

/** "Learn these first" for an article, asked only while its dialog is open; read at the tab's latest position, so a mark made since shows. */
export const useLearnFirst = (articleId: string | undefined, enabled: boolean) =>
  useRouteQuery(getLearnFirst, { query: { articleId: articleId ?? '' } }, { enabled: enabled && Boolean(articleId) });

/**
 * One card for each chosen word: the base word on the front, its meaning on the back, and its sentence from
 * the text; `oncePerWord` makes none for a word the learner already has a card for. Resolves to the cards made.
 */
export async function makeCards(
  article: Pick<LearnFirst, 'articleId' | 'name' | 'languageCode'>,
  words: readonly LearnFirstWord[],
): Promise<number> {
  const { changed } = await sendCommand(createFlashcards, {
    body: {
      languageCode: article.languageCode,
      flashcards: words.flatMap((w) =>
        w.meaning
          ? [
              {
                sourceValue: w.word,
                targetValue: w.meaning,
                origin: 'article' as const,
                originId: article.articleId,
                originName: article.name,
                oncePerWord: true,
                ...(w.sentence ? { sentence: w.sentence } : {}),
              },
            ]
          : [],
      ),
    },
  });
  return changed;
}
