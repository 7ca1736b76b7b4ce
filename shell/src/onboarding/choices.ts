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

/** The choices so far, kept for this tab so a reload mid-way does not start over. */
export interface Draft {
  language?: LanguageCode;
  level?: LevelCode;
}
const KEY = 'verba:onboarding';
export const readDraft = (): Draft => {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? '{}') as Draft;
  } catch {
    return {};
  }
};
export const writeDraft = (draft: Draft) => sessionStorage.setItem(KEY, JSON.stringify(draft));
export const clearDraft = () => sessionStorage.removeItem(KEY);
