import { useCallback, useEffect, useState } from 'react';
import { fetchRoute, useCommand, useRouteQuery } from '@verba/kit/query';
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

/**
 * The base word of every distinct word of the page (issue 38.2), in look-ups of LOOK_UP_WORDS words, read
 * again after the learner's own family change (`version`) at this tab's latest position. Empty until
 * answered; a failed look-up leaves the page without family lines (marking works as before).
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
    const words = key.split(',');
    const chunks = Array.from({ length: Math.ceil(words.length / LOOK_UP_WORDS) }, (_, i) =>
      words.slice(i * LOOK_UP_WORDS, (i + 1) * LOOK_UP_WORDS),
    );
    Promise.all(chunks.map((chunk) => fetchRoute(getWordFamilies, { query: { languageCode, words: chunk.join(',') } }))).then(
      (answers) => {
        if (current)
          setFamilies(new Map(answers.flatMap((a) => a.words.map((w) => [w.value, { base: w.base, source: w.source }] as const))));
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
  return {
    split: useCallback((word: string) => split({ body: { languageCode, word } }), [split, languageCode]),
    setBase: useCallback((word: string, base: string) => setBase({ body: { languageCode, word, base } }), [setBase, languageCode]),
    rejoin: useCallback((word: string) => rejoin({ body: { languageCode, word } }), [rejoin, languageCode]),
  };
}
