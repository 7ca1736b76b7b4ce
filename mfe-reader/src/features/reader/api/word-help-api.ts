import { client, CSRF_COOKIE, CSRF_HEADER, readCookie, sendCommand } from '@verba/kit';
import { invalidatePaths, queryClient, routeKey, useRouteQuery } from '@verba/kit/query';
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
import {
  DEFAULT_VOICES,
  FLASHCARD_SENTENCE_MAX,
  FLASHCARD_SIDE_MAX,
  isVoiceForLanguage,
  MESSAGES,
  SPEECH_UNAVAILABLE,
  wordKey,
  type LearningLanguage,
  type TranslationSource,
  type VoiceId,
} from '@verba/contracts';

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

/** The learner's own meaning of a word (null when they typed none), kept while the tab lives. */
export function useOwnMeaning(languageCode: LearningLanguage, word: string) {
  return useRouteQuery(getOwnMeaning, meaningInput(languageCode, word), { staleTime: Infinity, select: (data) => data.meaning });
}

/** Saves the learner's own meaning; the popup shows it at once and offers it whenever the word comes back. */
export async function saveMeaning(languageCode: LearningLanguage, word: string, meaning: string): Promise<void> {
  await sendCommand(saveOwnMeaning, { body: { languageCode, word, meaning } });
  queryClient.setQueryData(routeKey(getOwnMeaning, meaningInput(languageCode, word)), { word, meaning });
}

/** Voice and speed from the user's settings, or the language's default voice at normal speed. */
export function useSpeechSettings(languageCode: LearningLanguage): { voiceId: VoiceId; speed: number } {
  const profile = useRouteQuery(getProfile, {}, { staleTime: 5 * 60_000 });
  const speech = profile.data?.settings.speech;
  const chosen = speech?.voices?.[languageCode];
  return {
    voiceId: chosen && isVoiceForLanguage(chosen, languageCode) ? chosen : DEFAULT_VOICES[languageCode],
    speed: speech?.speed ?? 1,
  };
}

export class SpeechError extends Error {
  constructor(
    message: string,
    /** true when retrying cannot help: the free monthly allowance is used up, or the server has no speech (an info, not a failure). */
    readonly info: boolean,
  ) {
    super(message);
  }
}

/** POST /api/tts answers audio bytes, which the JSON client cannot read: fetched here and played. */
export async function speak(text: string, voiceId: VoiceId, speed: number): Promise<void> {
  const csrf = readCookie(CSRF_COOKIE);
  let response: Response;
  try {
    response = await fetch('/api/tts', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', accept: 'audio/*', ...(csrf ? { [CSRF_HEADER]: csrf } : {}) },
      body: JSON.stringify({ text, voiceId, speed }),
    });
  } catch {
    throw new SpeechError(MESSAGES.other.speechError, false);
  }
  if (response.status === 403) throw new SpeechError(MESSAGES.tts.monthlyLimitReached, true);
  if (response.status === 503) throw new SpeechError(SPEECH_UNAVAILABLE, true);
  if (!response.ok) throw new SpeechError(MESSAGES.other.speechError, false);
  const url = URL.createObjectURL(await response.blob());
  const audio = new Audio(url);
  audio.addEventListener('ended', () => URL.revokeObjectURL(url), { once: true });
  try {
    await audio.play();
  } catch {
    URL.revokeObjectURL(url);
    throw new SpeechError(MESSAGES.other.speechError, false);
  }
}

/** Keys of the words (and phrases) that already have a card made from this article. */
export function useCardKeys(languageCode: LearningLanguage | undefined, articleId: string) {
  return useRouteQuery(
    createdFlashcards,
    { query: { languageCode: languageCode ?? 'de', articleId } },
    { enabled: languageCode !== undefined, select: (data) => new Set(data.flashcards.map((card) => cardKey(card.sourceValue))) },
  );
}

/** A card's front as the reader matches it: a word's key, or a phrase lower-cased. */
export const cardKey = (text: string) => (/\s/.test(text.trim()) ? text.trim().toLowerCase() : wordKey(text));

/** Extra fields of a card made from the reader: the sentence, and one card a word (the Uncertain mark). */
interface CardExtras {
  sentence?: string;
  oncePerWord?: boolean;
}

/** Adds a card made from the article; `changed` is 0 when it was there already (nothing new made). */
export async function addCard(
  languageCode: LearningLanguage,
  article: { id: string; name: string },
  sourceValue: string,
  targetValue: string,
  extras: CardExtras = {},
): Promise<{ changed: number }> {
  const { id, changed } = await sendCommand(createFlashcard, {
    body: {
      languageCode,
      flashcard: { sourceValue, targetValue, origin: 'article', originId: article.id, originName: article.name, ...extras },
    },
  });
  queryClient.setQueryData(
    routeKey(createdFlashcards, { query: { languageCode, articleId: article.id } }),
    (
      data:
        | { articleId: string; flashcards: Array<{ id: string; sourceValue: string; targetValue: string; status: 'known' | 'uncertain' }> }
        | undefined,
    ) => (data ? { ...data, flashcards: [...data.flashcards, { id, sourceValue, targetValue, status: 'uncertain' as const }] } : data),
  );
  // The practice pages (another fragment, same cache) show the new card next time they are looked at.
  void invalidatePaths(['/api/flashcards', '/api/practice'], [createdFlashcards.path]);
  return { changed };
}

/** Whether marking a word Uncertain makes its flashcard: the profile's setting, on when the learner never chose. */
export async function uncertainMakesCard(): Promise<boolean> {
  const profile = await queryClient.fetchQuery({
    queryKey: routeKey(getProfile, {}),
    queryFn: () => client.call(getProfile, {}),
    staleTime: 5 * 60_000,
  });
  return profile.settings.flashcards?.uncertainMakesCard ?? true;
}

const firstCodePoints = (text: string, max: number) => Array.from(text).slice(0, max).join('');

/**
 * The meaning the word panel shows, for the back of the card: the learner's own, else the look-up's (the
 * same cached request as the panel's, awaited when still in flight), the first of a dictionary's meanings.
 * Undefined when nobody knows one.
 */
export async function panelMeaning(languageCode: LearningLanguage, word: string, sentence: string): Promise<string | undefined> {
  const input = meaningInput(languageCode, word);
  const own = await queryClient
    .fetchQuery({ queryKey: routeKey(getOwnMeaning, input), queryFn: () => client.call(getOwnMeaning, input), staleTime: Infinity })
    .then(
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
