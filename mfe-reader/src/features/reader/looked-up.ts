/**
 * The words a learner looked up or marked while reading one article: open in the word panel (alone or
 * inside a selected phrase) for LOOK_UP_MS or more, or open as they pressed "Mark the rest of this page as
 * known", or marked here. That button leaves them alone: a word the learner had to look up, or set to
 * anything here, is not one they know by default (LUTE #734).
 *
 * Kept per learner and article in sessionStorage: a reload of the tab keeps the record, another tab or a
 * new session starts afresh. Where sessionStorage refuses (a private window's quota), it lives in memory.
 */
import { useMemo } from 'react';
import { useSession } from '@verba/kit';
import type { WordIndex } from './word-index';

/**
 * How long a word stays open in the panel before it counts as looked up: walking the text with the arrow
 * keys opens every word it passes, for a moment each, and those were not looked up.
 */
export const LOOK_UP_MS = 1000;

/** The dictionary forms of words first..last of the page. */
export function wordsBetween(index: WordIndex, first: number, last: number): string[] {
  const words: string[] = [];
  for (let i = first; i <= last; i++) {
    const word = index.wordAt(i);
    if (word !== undefined) words.push(word);
  }
  return words;
}

const memory = new Map<string, string>();

function load(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return memory.get(key) ?? null;
  }
}

function store(key: string, value: string): void {
  try {
    window.sessionStorage.setItem(key, value);
  } catch {
    memory.set(key, value);
  }
}

function read(key: string): Set<string> {
  try {
    const words: unknown = JSON.parse(load(key) ?? '[]');
    return new Set(Array.isArray(words) ? words.filter((w): w is string => typeof w === 'string') : []);
  } catch {
    return new Set();
  }
}

export interface LookedUp {
  /** The words looked up or marked so far on this article. */
  words(): ReadonlySet<string>;
  /** Records words (dictionary forms) as looked up or marked. */
  add(words: Iterable<string>): void;
}

export const lookedUpKey = (learner: string, articleId: string) => `verba.reader.looked-up:${learner}:${articleId}`;

export function lookedUp(learner: string, articleId: string): LookedUp {
  const key = lookedUpKey(learner, articleId);
  return {
    words: () => read(key),
    add(words) {
      const known = read(key);
      const size = known.size;
      for (const word of words) known.add(word);
      if (known.size !== size) store(key, JSON.stringify([...known]));
    },
  };
}

/** This article's record for the signed-in learner. */
export function useLookedUp(articleId: string): LookedUp {
  const uid = useSession().user?.uid ?? '';
  return useMemo(() => lookedUp(uid, articleId), [uid, articleId]);
}
