import type { LearningLanguage, WordStatus } from '@verba/contracts';
import type { Decider } from '../../platform/decider/decider';
import type { VocabularyEvent } from './events';

export interface MarkWord {
  userId: string;
  language: LearningLanguage;
  /** Already the lookup key (wordKey): lower case, edge punctuation stripped. */
  word: string;
  status: WordStatus;
  at: string;
}

/** Known/Uncertain/Ignored add or replace the entry, New removes it; marking a word as it already is changes nothing. */
export const wordDecider: Decider<MarkWord, { status: WordStatus }, VocabularyEvent> = {
  initialState: () => ({ status: 'new' }),
  decide(c, s) {
    if (c.status === s.status) return [];
    return [
      { type: 'vocabulary.WordStatusChanged', data: { userId: c.userId, language: c.language, word: c.word, status: c.status, at: c.at } },
    ];
  },
  evolve: (_s, e) => ({ status: e.data.status }),
};
