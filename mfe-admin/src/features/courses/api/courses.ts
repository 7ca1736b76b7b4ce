import { useRouteQuery, useCommand } from '@verba/kit/query';
import {
  getAdminChapter,
  deleteLesson,
  reorderLessons,
  addChapter,
  editChapter,
  setChapterFlags,
  deleteChapter,
  reorderChapters,
  addLesson,
  renameLesson,
  createCourse,
  renameCourse,
} from '@verba/contracts/http';
import type { CommandOptions } from '../../../shared/api/command-options';

/** One chapter, for its edit form. */
export function useAdminChapter(chapterId: string | undefined) {
  return useRouteQuery(getAdminChapter, { params: { chapterId: chapterId ?? '' } }, { enabled: !!chapterId });
}

export const useDeleteLesson = (options?: CommandOptions<typeof deleteLesson>) => useCommand(deleteLesson, options);
export const useReorderLessons = (options?: CommandOptions<typeof reorderLessons>) => useCommand(reorderLessons, options);
export const useAddChapter = (options?: CommandOptions<typeof addChapter>) => useCommand(addChapter, options);
export const useEditChapter = (options?: CommandOptions<typeof editChapter>) => useCommand(editChapter, options);
export const useSetChapterFlags = (options?: CommandOptions<typeof setChapterFlags>) => useCommand(setChapterFlags, options);
export const useDeleteChapter = (options?: CommandOptions<typeof deleteChapter>) => useCommand(deleteChapter, options);
export const useReorderChapters = (options?: CommandOptions<typeof reorderChapters>) => useCommand(reorderChapters, options);
export const useAddLesson = (options?: CommandOptions<typeof addLesson>) => useCommand(addLesson, options);
export const useRenameLesson = (options?: CommandOptions<typeof renameLesson>) => useCommand(renameLesson, options);
export const useCreateCourse = (options?: CommandOptions<typeof createCourse>) => useCommand(createCourse, options);
export const useRenameCourse = (options?: CommandOptions<typeof renameCourse>) => useCommand(renameCourse, options);
