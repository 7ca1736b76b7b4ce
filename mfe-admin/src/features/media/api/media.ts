import { startUpload, type CallInput } from '@verba/kit';
import { keepPrevious, useCommand, useRouteQuery } from '@verba/kit/query';
import {
  adminGenerateAudio,
  adminGetAudio,
  adminRemoveAudio,
  adminUploadAudio,
  deleteImage,
  getAdminChapter,
  getAdminCourse,
  getArticle,
  listImages,
  type AudioTarget,
} from '@verba/contracts/http';
import type { CommandOptions } from '../../../shared/api/command-options';

/** The chapter whose audio is edited. */
export const useChapterText = (chapterId: string) => useRouteQuery(getAdminChapter, { params: { chapterId } });
/** The course of that chapter, for its language. */
export const useCourseOf = (courseId: string | undefined) =>
  useRouteQuery(getAdminCourse, { params: { courseId: courseId ?? '' } }, { enabled: !!courseId });
/** The article whose audio is edited. */
export const useArticleText = (articleId: string) => useRouteQuery(getArticle, { params: { id: articleId } });

export const useAudio = (params: { targetKind: AudioTarget; targetId: string }) =>
  useRouteQuery(adminGetAudio, { params }, { placeholderData: keepPrevious });
export const useGenerateAudio = (options?: CommandOptions<typeof adminGenerateAudio>) => useCommand(adminGenerateAudio, options);
export const useRemoveAudio = (options?: CommandOptions<typeof adminRemoveAudio>) => useCommand(adminRemoveAudio, options);

/** Uploads an audio file and the text it speaks (multipart); the kit records the answer's position like any write's. */
export const uploadAudio = (target: { targetKind: AudioTarget; targetId: string }, file: File, text: string) =>
  startUpload(adminUploadAudio, { fields: { text }, file, filename: file.name }, target).result;

// Images are stored as they are sent (no projection, so no position to wait for): a list is read afresh
// whenever it shows (staleTime 0), and the manager reads its page again after its own upload or delete.

export const useImages = (query: NonNullable<CallInput<typeof listImages>['query']>) =>
  useRouteQuery(listImages, { query }, { placeholderData: keepPrevious, staleTime: 0 });
export const useDeleteImage = (options?: CommandOptions<typeof deleteImage>) => useCommand(deleteImage, options);
