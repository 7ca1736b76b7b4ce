import { useCallback } from 'react';
import type { z } from 'zod';
import { client, sendCommand } from '@verba/kit';
import { fetchRoute, queryClient, useRouteQuery } from '@verba/kit/query';
import {
  createdFlashcards,
  createFlashcard,
  getOwnMeaning,
  getProfile,
  saveOwnMeaning,
  translate,
  translateAi,
  translateMultiWords,
} from '@verba/contracts/http';
import { FLASHCARD_SENTENCE_MAX, FLASHCARD_SIDE_MAX, wordKey, type LearningLanguage, type TranslationSource } from '@verba/contracts';

export type TranslationKind = 'word' | 'phrase' | 'sentence';

/** A translation as shown: the text, where it came from (a `gloss` is no translation), the word's lemma. */
export interface Translated {
  text: string;
  source?: TranslationSource;
  lemma?: string;
}

/**
 * A word is translated in its sentence (translation-ai with the sentence as context), a selection of
 * several words with the multi-word prompt, a sentence as it is. Kept in the shared query cache, so
 * going back to a word does not ask again (and a sign-out forgets them). `undefined` when the server knows
 * no translation (an answer, not an error).
 */
export function translateText(
  kind: TranslationKind,
  text: string,
  languageCode: LearningLanguage,
  context = '',
): Promise<Translated | undefined> {
  const call = () =>
    kind === 'word'
      ? client.call(translateAi, {
          body: {
            text,
            languageCode,
            prompt: `Translate the word "${text}" as it is used in this sentence: ${context || text}`,
            ...(context ? { context } : {}),
          },
        })
      : kind === 'phrase'
        ? client.call(translateMultiWords, { body: { text, languageCode } })
        : client.call(translate, { body: { text, languageCode } });
  return queryClient
    .fetchQuery({ queryKey: ['translation', kind, languageCode, text, context], queryFn: call, staleTime: Infinity, retry: false })
    .then((result) =>
      result.found
        ? { text: result.data, ...(result.source ? { source: result.source } : {}), ...(result.lemma ? { lemma: result.lemma } : {}) }
        : undefined,
    );
}

const meaningInput = (languageCode: LearningLanguage, word: string) => ({ query: { languageCode, word } });

/** The learner's own meaning of a word (null when they typed none), read after this tab's writes and kept while the tab lives. */
export function useOwnMeaning(languageCode: LearningLanguage, word: string) {
  // The last answer stays while the same word's meaning is read at a later position. One function per word,
  // not per render: TanStack recomputes the placeholder (and runs select on it) whenever it changes.
  const placeholderData = useCallback((previous: OwnMeaning | undefined) => (previous?.word === word ? previous : undefined), [word]);
  return useRouteQuery(getOwnMeaning, meaningInput(languageCode, word), {
    staleTime: Infinity,
    select: meaningOf,
    placeholderData,
  });
}

/** Saves the learner's own meaning; reads of it wait for its position, so it shows whenever the word comes back. */
export async function saveMeaning(languageCode: LearningLanguage, word: string, meaning: string): Promise<void> {
  await sendCommand(saveOwnMeaning, { body: { languageCode, word, meaning } });
}

type OwnMeaning = z.output<typeof getOwnMeaning.response>;
type CreatedFlashcards = z.output<typeof createdFlashcards.response>;
const meaningOf = (data: OwnMeaning) => data.meaning;
const cardKeysOf = (data: CreatedFlashcards) => new Set(data.flashcards.map((card) => cardKey(card.sourceValue)));

/** Keys of the words (and phrases) that already have a card made from this article. */
export function useCardKeys(languageCode: LearningLanguage | undefined, articleId: string) {
  // The last answer stays while the same article's cards are read at a later position. Stable functions: a
  // select or placeholder made anew each render gives a new Set each render, and the reader re-rendered
  // without end (React #185) once a word's look-up moved the position.
  const placeholderData = useCallback(
    (previous: CreatedFlashcards | undefined) => (previous?.articleId === articleId ? previous : undefined),
    [articleId],
  );
  return useRouteQuery(
    createdFlashcards,
    { query: { languageCode: languageCode ?? 'de', articleId } },
    { enabled: languageCode !== undefined, select: cardKeysOf, placeholderData },
  );
}

/** A card's front as the reader matches it: a word as the dictionary has it (wordKey), or a phrase lower-cased. */
export const cardKey = (text: string) => (/\s/.test(text.trim()) ? text.trim().toLowerCase() : wordKey(text));

/** Extra fields of a card made from the reader: the sentence, and one card a word (the Uncertain mark). */
interface CardExtras {
  sentence?: string;
  oncePerWord?: boolean;
}

/**
 * Adds a card made from the article; `changed` is 0 when it was there already (nothing new made). Reads
 * after it (the article's cards, the practice portal's lists) wait for its position.
 */
export async function addCard(
  languageCode: LearningLanguage,
  article: { id: string; name: string },
  sourceValue: string,
  targetValue: string,
  extras: CardExtras = {},
): Promise<{ changed: number }> {
  const { changed } = await sendCommand(createFlashcard, {
    body: {
      languageCode,
      flashcard: { sourceValue, targetValue, origin: 'article', originId: article.id, originName: article.name, ...extras },
    },
  });
  return { changed };
}

/** Whether marking a word Uncertain makes its flashcard: the profile's setting, on when the learner never chose. */
export async function uncertainMakesCard(): Promise<boolean> {
  // At this tab's latest position: a settings change saved on the profile page is read here at once.
  const profile = await fetchRoute(getProfile, {}, { staleTime: 5 * 60_000 });
  return profile.settings.flashcards?.uncertainMakesCard ?? true;
}

const firstCodePoints = (text: string, max: number) => Array.from(text).slice(0, max).join('');

/**
 * The meaning the word panel shows, for the back of the card: the learner's own, else the look-up's (the
 * same cached request as the panel's, awaited when still in flight), the first of a dictionary's meanings.
 * Undefined when nobody knows one.
 */
export async function panelMeaning(languageCode: LearningLanguage, word: string, sentence: string): Promise<string | undefined> {
  const own = await fetchRoute(getOwnMeaning, meaningInput(languageCode, word), { staleTime: Infinity }).then(
    (data) => data.meaning,
    () => null,
  );
  if (own) return own;
  const looked = await translateText('word', word, languageCode, sentence).catch(() => undefined);
  if (!looked?.text.trim()) return undefined;
  const meaning = looked.source === 'dictionary' ? (looked.text.split(';')[0] ?? looked.text).trim() : looked.text.trim();
  return firstCodePoints(meaning, FLASHCARD_SIDE_MAX);
}

/**
 * Marking a word Uncertain makes its flashcard (the profile's setting, on by default): the panel's meaning on
 * the back and the sentence it was marked in. The server keeps one card a word (`oncePerWord`): a word the
 * learner has a card for, from any text or typed by hand, gets none. Resolves to whether a card was made.
 */
export async function makeUncertainCard(
  languageCode: LearningLanguage,
  article: { id: string; name: string },
  word: { text: string; sentence: string },
): Promise<boolean> {
  if (!(await uncertainMakesCard())) return false;
  const meaning = await panelMeaning(languageCode, word.text, word.sentence);
  if (!meaning) return false;
  const sentence = firstCodePoints(word.sentence.trim(), FLASHCARD_SENTENCE_MAX);
  const { changed } = await addCard(languageCode, article, word.text, meaning, { oncePerWord: true, ...(sentence ? { sentence } : {}) });
  return changed > 0;
}
