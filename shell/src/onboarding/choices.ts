// Spelled out here, not imported from @verba/contracts: its tables carry classic zod, which the shell's
// first load must not (see docs/architecture.md). contracts' levels.ts and languages.ts are the source.
export const LANGUAGES = [
  { code: 'de', name: 'German', native: 'Deutsch' },
  { code: 'fr', name: 'French', native: 'Français' },
  { code: 'es', name: 'Spanish', native: 'Español' },
  { code: 'ru', name: 'Russian', native: 'Русский' },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]['code'];

export const LEVELS = [
  { code: 'A1', name: 'Elementary', hint: 'You know a few words and phrases.' },
  { code: 'A2', name: 'Low Intermediate', hint: 'You can read short, simple texts.' },
  { code: 'B1', name: 'Intermediate', hint: 'You follow everyday texts on familiar topics.' },
  { code: 'B2', name: 'Upper Intermediate', hint: 'You read articles with some effort.' },
  { code: 'C1', name: 'Advanced', hint: 'You read long, demanding texts.' },
  { code: 'C2', name: 'Proficient', hint: 'You read almost anything with ease.' },
] as const;
export type LevelCode = (typeof LEVELS)[number]['code'];

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
