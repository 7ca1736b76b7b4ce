/** The practice portal's pages (spec §2); the shell sends /app/practice-portal and below here. */
export const PRACTICE_PATHS = {
  overview: '/app/practice-portal',
  flashcards: '/app/practice-portal/flashcards',
  review: '/app/practice-portal/practice-flashcards',
  matchWords: '/app/practice-portal/match-words',
  practiceMatchWords: '/app/practice-portal/practice-match-words',
  quickQuiz: '/app/practice-portal/quick-quiz',
} as const;

export type PracticePage = keyof typeof PRACTICE_PATHS;

const BY_PATH = new Map<string, PracticePage>(Object.entries(PRACTICE_PATHS).map(([page, path]) => [path, page as PracticePage]));

/** The page at a pathname (a trailing slash is ignored); undefined for an unknown subpath. */
export const pageAt = (pathname: string): PracticePage | undefined => BY_PATH.get(pathname.replace(/\/+$/, ''));

export const LIBRARY_PATH = '/app/library';
