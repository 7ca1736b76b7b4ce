export const COURSES_PATH = '/app/courses';
export const SUBSCRIBE_PATH = '/app/user-profile/subscribe';
export const chapterPath = (chapterId: string) => `${COURSES_PATH}/chapter/${encodeURIComponent(chapterId)}`;

/** The chapter id of /app/courses/chapter/<id>, or undefined on the course map. */
export function chapterIdOf(pathname: string): string | undefined {
  const id = /^\/app\/courses\/chapter\/([^/]+)\/?$/.exec(pathname)?.[1];
  return id ? decodeURIComponent(id) : undefined;
}

/** The practice portal's card list showing only the cards made from one chapter (its origin filter). */
export const chapterCardsPath = (chapterId: string) => `/app/practice-portal/flashcards?${new URLSearchParams({ origin: chapterId })}`;
