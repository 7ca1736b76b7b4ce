import { useCallback, useEffect, useState } from 'react';
import { fetchRoute, queryClient, useCommand, useRouteQuery } from '@verba/kit/query';
import { getProfile, getWordFamilies, rejoinWord, setOwnBase, splitWordOff } from '@verba/contracts/http';
import { MARK_FAMILY_DEFAULT, MAX_FAMILY_WORDS, type LearningLanguage, type MarkFamily } from '@verba/contracts';

/**
 * Words per look-up: fewer than the route takes (MAX_FAMILY_WORDS), so the URL of 100 long Russian words
 * (each letter 6 bytes encoded) stays well under the 16 KB a server takes in a request's head.
 */
const LOOK_UP_WORDS = Math.min(100, MAX_FAMILY_WORDS);

/** A word's base word as the learner sees it, and where it comes from (their own, split off, an admin's correction, the dictionary). */
export interface Family {
  base: string;
  source: 'own' | 'split' | 'corrected' | 'dictionary';
}

type Answer = Family | null;
const familyKey = (languageCode: LearningLanguage, word: string) => ['word-family', languageCode, word] as const;

/** One look-up of the families route: the family of each word it links. */
const lookUp = (languageCode: LearningLanguage, words: readonly string[]) =>
  fetchRoute(getWordFamilies, { query: { languageCode, words: words.join(',') } }).then(
    (a) => new Map(a.words.map((w) => [w.value, { base: w.base, source: w.source }] as const)),
  );

/**
 * The families of `words` (a word the analyser does not link has none), each asked once per tab: every word
 * is its own query, so an answered word is read from the cache and a word being asked is waited for, and
 * only the rest go out, LOOK_UP_WORDS to a request. The word panel's family line and the separable verbs
 * both read the page's words through here, so the page is looked up once.
 */
export async function familiesOf(languageCode: LearningLanguage, words: Iterable<string>): Promise<Map<string, Family>> {
  const distinct = [...new Set(words)];
  const ask = distinct.filter((word) => {
    const state = queryClient.getQueryState(familyKey(languageCode, word));
    return !state || (state.data === undefined && state.fetchStatus !== 'fetching');
  });
  const answers = new Map<string, Promise<Map<string, Family>>>();
  for (let i = 0; i < ask.length; i += LOOK_UP_WORDS) {
    const chunk = ask.slice(i, i + LOOK_UP_WORDS);
    const answer = lookUp(languageCode, chunk);
    for (const word of chunk) answers.set(word, answer);
  }
  const answered = await Promise.all(
    distinct.map(async (word) => {
      const family = await queryClient.fetchQuery<Answer>({
        queryKey: familyKey(languageCode, word),
        // Words not asked above are cached or in flight, whose answer this joins; the look-up is a fallback.
        queryFn: () => (answers.get(word) ?? lookUp(languageCode, [word])).then((found) => found.get(word) ?? null),
        staleTime: Infinity,
      });
      return [word, family] as const;
    }),
  );
  return new Map(answered.flatMap(([word, family]) => (family ? [[word, family] as const] : [])));
}

/**
 * The base word of every distinct word of the page (issue 38.2), read again after the learner's own family
 * change (`version`). Empty until answered; a failed look-up leaves the page without family lines (marking
 * works as before).
 */
export function usePageFamilies(
  languageCode: LearningLanguage,
  pageWords: readonly string[],
  version: number,
): ReadonlyMap<string, Family> {
  const [families, setFamilies] = useState<ReadonlyMap<string, Family>>(new Map());
  const key = pageWords.join(',');
  useEffect(() => {
    if (!key) return;
    let current = true;
    familiesOf(languageCode, key.split(',')).then(
      (found) => {
        if (current) setFamilies(found);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [languageCode, key, version]);
  return families;
}

/** "Mark the whole family" from the profile (always, ask, never); ask until the profile says otherwise. */
export function useMarkFamilySetting(): MarkFamily {
  const profile = useRouteQuery(getProfile, {}, { staleTime: 5 * 60_000 });
  return profile.data?.settings.words?.markFamily ?? MARK_FAMILY_DEFAULT;
}

/** The learner's own family changes of a form: split it off, set its base word by hand, rejoin (undo either). */
export function useFamilyCommands(languageCode: LearningLanguage) {
  const split = useCommand(splitWordOff).mutateAsync;
  const setBase = useCommand(setOwnBase).mutateAsync;
  const rejoin = useCommand(rejoinWord).mutateAsync;
  // The changed word's family is asked again (the caller bumps its version).
  const forget = useCallback(
    <T>(word: string, sent: Promise<T>) => sent.finally(() => queryClient.removeQueries({ queryKey: familyKey(languageCode, word) })),
    [languageCode],
  );
  return {
    split: useCallback((word: string) => forget(word, split({ body: { languageCode, word } })), [forget, split, languageCode]),
    setBase: useCallback(
      (word: string, base: string) => forget(word, setBase({ body: { languageCode, word, base } })),
      [forget, setBase, languageCode],
    ),
    rejoin: useCallback((word: string) => forget(word, rejoin({ body: { languageCode, word } })), [forget, rejoin, languageCode]),
  };
}
