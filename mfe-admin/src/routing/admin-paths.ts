import { useSyncExternalStore } from 'react';

/** The admin paths of spec §2 this fragment serves (the people-and-library half comes with the next issue). */
export const ADMIN = '/app/admin';
export const ADMIN_PATHS = {
  home: ADMIN,
  courses: `${ADMIN}/courses`,
  chapters: `${ADMIN}/courses/chapters`,
  createCourse: `${ADMIN}/create-course`,
  editCourse: `${ADMIN}/edit-course`,
  createLesson: `${ADMIN}/create-lesson`,
  editLesson: `${ADMIN}/edit-lesson`,
  createChapter: `${ADMIN}/create-chapter`,
  editChapter: `${ADMIN}/edit-chapter`,
  languages: `${ADMIN}/languages`,
  startingPoints: `${ADMIN}/languages/starting-points`,
  createStartingPoint: `${ADMIN}/languages/starting-points/create`,
  updateStartingPoint: `${ADMIN}/languages/starting-points/update`,
  exercises: `${ADMIN}/languages/exercises`,
  missingWords: `${ADMIN}/languages/exercises/missing-words`,
  askQuestions: `${ADMIN}/languages/exercises/ask-questions`,
  editMissingWords: `${ADMIN}/edit-missing-words`,
  editAskQuestions: `${ADMIN}/edit-ask-questions`,
  imageManager: `${ADMIN}/image-manager`,
  audioManager: `${ADMIN}/audio-manager`,
  approveArticles: `${ADMIN}/library/approve-articles`,
  analytics: `${ADMIN}/analytics`,
  forumReports: `${ADMIN}/forum-reports`,
  library: `${ADMIN}/library`,
  libraryArticles: `${ADMIN}/library/articles`,
  createArticle: `${ADMIN}/library/create`,
  editArticle: `${ADMIN}/library/edit`,
  flaggedArticles: `${ADMIN}/flagged-articles`,
  series: `${ADMIN}/series`,
  createSeries: `${ADMIN}/series/create`,
  editSeries: `${ADMIN}/series/edit`,
  aiPrompt: `${ADMIN}/library/ai-prompt`,
  aiHateSpeechPrompt: `${ADMIN}/library/ai-hate-speech-prompt`,
  aiPromptMultiword: `${ADMIN}/library/ai-prompt-multiword`,
  testAi: `${ADMIN}/library/test-ai`,
  wordFamilies: `${ADMIN}/word-families`,
  users: `${ADMIN}/users`,
  userDetail: `${ADMIN}/users/user`,
  announcements: `${ADMIN}/announcements`,
  createAnnouncement: `${ADMIN}/announcements/create`,
  editAnnouncement: `${ADMIN}/announcements/edit`,
  operations: `${ADMIN}/operations`,
} as const;

/** A path with its query (`withQuery(ADMIN_PATHS.chapters, { courseId, lessonId })`). */
export const withQuery = (path: string, query: Record<string, string>) => `${path}?${new URLSearchParams(query).toString()}`;

const subscribe = (onChange: () => void) => {
  window.addEventListener('popstate', onChange);
  return () => window.removeEventListener('popstate', onChange);
};
const getSearch = () => window.location.search;

/** One query parameter of the current URL, re-read on every navigation. */
export function useSearchParam(name: string): string | undefined {
  const search = useSyncExternalStore(subscribe, getSearch, getSearch);
  return new URLSearchParams(search).get(name) ?? undefined;
}
