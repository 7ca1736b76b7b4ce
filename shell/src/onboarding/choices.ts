import {
  LANGUAGE_NAMES,
  LANGUAGE_NATIVE_NAMES,
  LEARNING_LANGUAGES,
  LEVELS as CEFR_LEVELS,
  LEVEL_NAMES,
  type LearningLanguage,
  type Level,
} from '@verba/contracts';

// Codes and names from the contracts (a production build keeps these tables without zod); the hints are
// the onboarding's own words.
export const LANGUAGES = LEARNING_LANGUAGES.map((code) => ({ code, name: LANGUAGE_NAMES[code], native: LANGUAGE_NATIVE_NAMES[code] }));
export type LanguageCode = LearningLanguage;

const LEVEL_HINTS: Record<Level, string> = {
  A1: 'You know a few words and phrases.',
  A2: 'You can read short, simple texts.',
  B1: 'You follow everyday texts on familiar topics.',
  B2: 'You read articles with some effort.',
  C1: 'You read long, demanding texts.',
  C2: 'You read almost anything with ease.',
};
export const LEVELS = CEFR_LEVELS.map((code) => ({ code, name: LEVEL_NAMES[code], hint: LEVEL_HINTS[code] }));
export type LevelCode = Level;

export const USERNAME_PATTERN = /^[\p{L}\p{N}._]{3,30}$/u;
export const USERNAME_RULE = 'Use 3 to 30 letters, digits, dots or underscores.';

/** The answers so far. */
export interface Draft {
  language?: LanguageCode;
  level?: LevelCode;
}
/**
 * Kept in localStorage under the account's id, so a reload, a deep link into a step (a new tab) or signing in
 * again opens that step with the answers given; another account on the same browser never sees them.
 * Only the two choices are kept, never the name or username being typed.
 */
const KEY = 'verba:onboarding';
type Stored = Draft & { uid?: string };

const LANGUAGE_CODES: readonly string[] = LANGUAGES.map((l) => l.code);
const LEVEL_CODES: readonly string[] = LEVELS.map((l) => l.code);

export const readDraft = (uid: string | undefined): Draft => {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Stored;
    if (!uid || stored.uid !== uid) return {};
    // What the storage holds is not trusted: an unknown value is no answer.
    return {
      ...(LANGUAGE_CODES.includes(stored.language ?? '') ? { language: stored.language } : {}),
      ...(LEVEL_CODES.includes(stored.level ?? '') ? { level: stored.level } : {}),
    };
  } catch {
    return {};
  }
};
export const writeDraft = (uid: string | undefined, draft: Draft) => {
  if (uid) localStorage.setItem(KEY, JSON.stringify({ ...draft, uid } satisfies Stored));
};
export const clearDraft = () => localStorage.removeItem(KEY);

/** The step a learner with these answers continues at. */
export const resumeStep = (draft: Draft): 'language' | 'level' | 'username' =>
  !draft.language ? 'language' : !draft.level ? 'level' : 'username';
