import type { LearningLanguage, WordStatus } from '@verba/contracts';
import type { Decider } from '../../platform/decider/decider';
import type { BaseCorrectionEvent, OwnBaseEvent, WordEvent } from './events';

export interface MarkWord {
  userId: string;
  language: LearningLanguage;
  /** Already the lookup key (wordKey): lower case, edge punctuation stripped. */
  word: string;
  status: WordStatus;
  at: string;
}

/** Known/Uncertain/Ignored add or replace the entry, New removes it; marking a word as it already is changes nothing. */
export const wordDecider: Decider<MarkWord, { status: WordStatus }, WordEvent> = {
  initialState: () => ({ status: 'new' }),
  decide(c, s) {
    if (c.status === s.status) return [];
    return [
      { type: 'vocabulary.WordStatusChanged', data: { userId: c.userId, language: c.language, word: c.word, status: c.status, at: c.at } },
    ];
  },
  evolve: (_s, e) => ({ status: e.data.status }),
};

/**
 * A learner's family choice of one form: `base` is the base word set by hand, the form itself to split it
 * off, or null to rejoin (undo either). Choosing what already holds changes nothing (a retry appends nothing).
 */
export interface ChooseOwnBase {
  userId: string;
  language: LearningLanguage;
  word: string;
  base: string | null;
  at: string;
}

export const ownBaseDecider: Decider<ChooseOwnBase, { base: string | null }, OwnBaseEvent> = {
  initialState: () => ({ base: null }),
  decide(c, s) {
    if (c.base === s.base) return [];
    return [{ type: 'vocabulary.OwnBaseChosen', data: { userId: c.userId, language: c.language, word: c.word, base: c.base, at: c.at } }];
  },
  evolve: (_s, e) => ({ base: e.data.base }),
};

/**
 * An admin's correction of a form's base word for everyone; null takes the correction away. A correction to
 * the word itself is allowed (a name the dictionary links to a verb: it is its own base word).
 */
export interface CorrectBase {
  language: LearningLanguage;
  word: string;
  base: string | null;
  adminId: string;
  at: string;
}

export const baseCorrectionDecider: Decider<CorrectBase, { base: string | null }, BaseCorrectionEvent> = {
  initialState: () => ({ base: null }),
  decide(c, s) {
    if (c.base === s.base) return [];
    return [
      { type: 'vocabulary.BaseCorrected', data: { language: c.language, word: c.word, base: c.base, correctedBy: c.adminId, at: c.at } },
    ];
  },
  evolve: (_s, e) => ({ base: e.data.base }),
};
