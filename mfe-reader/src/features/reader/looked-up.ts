/**
 * The words a learner looked up (opened in the word panel, alone or inside a selected phrase) or marked
 * while reading one article. "Mark the rest of this page as known" leaves them alone: a word the learner
 * had to look up, or set to anything here, is not one they know by default (LUTE #734).
 *
 * Kept per learner and article in sessionStorage: a reload of the tab keeps the record, another tab or a
 * new session starts afresh. Where sessionStorage refuses (a private window's quota), it lives in memory.
 */
import { useMemo } from 'react';
import { useSession } from '@verba/kit';

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
