import { startUpload } from '@verba/kit';
import { attachArticleAudio } from '@verba/contracts/http';

/**
 * Sends the author's recording of their private article; resolves once the server has timed its sentences
 * (the answer's position makes the article's audio read again, so the player appears).
 */
export const attachRecording = (articleId: string, file: File, onUploadProgress: (fraction: number) => void) =>
  startUpload(attachArticleAudio, { fields: {}, file, filename: file.name, onUploadProgress }, { articleId }).result;
