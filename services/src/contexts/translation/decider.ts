import type { LearningLanguage, PromptKind } from '@verba/contracts';
import type { Decider } from '../../platform/decider/decider';
import type { OwnMeaningEvent, PromptEvent } from './events';

export interface UpdatePrompt {
  kind: PromptKind;
  prompt: string;
  updatedBy: string;
  at: string;
}

export interface PromptState {
  version: number;
  prompt?: string;
}

/** Saving the prompt as it already is changes nothing (so a retried save appends nothing). */
export const promptDecider: Decider<UpdatePrompt, PromptState, PromptEvent> = {
  initialState: () => ({ version: 0 }),
  decide(c, s) {
    if (c.prompt === s.prompt) return [];
    return [
      {
        type: 'translation.PromptUpdated',
        data: { kind: c.kind, prompt: c.prompt, version: s.version + 1, updatedBy: c.updatedBy, at: c.at },
      },
    ];
  },
  // Each event carries its version, so the last event alone is the whole state.
  evolve: (_s, e) => ({ version: e.data.version, prompt: e.data.prompt }),
};

export interface SaveOwnMeaning {
  userId: string;
  languageCode: LearningLanguage;
  /** The word and meaning as the event stores them (sealed for the learner when `sealedFor` is set). */
  word: string;
  meaning: string;
  at: string;
  sealedFor?: string;
}

export interface OwnMeaningState {
  meaning?: string;
}

/**
 * Saving the meaning a word already has changes nothing, so a retried save appends nothing. The seal is
 * deterministic, so a sealed meaning compares equal to the same meaning sealed before.
 */
export const ownMeaningDecider: Decider<SaveOwnMeaning, OwnMeaningState, OwnMeaningEvent> = {
  initialState: () => ({}),
  decide(c, s) {
    if (c.meaning === s.meaning) return [];
    return [{ type: 'translation.OwnMeaningSaved', data: { ...c } }];
  },
  evolve: (_s, e) => ({ meaning: e.data.meaning }),
};
