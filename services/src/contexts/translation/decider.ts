import type { PromptKind } from '@verba/contracts';
import type { Decider } from '../../platform/decider/decider';
import type { TranslationEvent } from './events';

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
export const promptDecider: Decider<UpdatePrompt, PromptState, TranslationEvent> = {
  initialState: () => ({ version: 0 }),
  decide(c, s) {
    if (c.prompt === s.prompt) return [];
    return [{ type: 'translation.PromptUpdated', data: { kind: c.kind, prompt: c.prompt, version: s.version + 1, updatedBy: c.updatedBy, at: c.at } }];
  },
  // Each event carries its version, so the last event alone is the whole state.
  evolve: (_s, e) => ({ version: e.data.version, prompt: e.data.prompt }),
};
