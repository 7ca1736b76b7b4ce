/**
 * Learning's events that other contexts may read (the only file of this context they may import): the
 * content context follows chapters' images, so an image in use is not deleted from the image manager.
 */
export { ChapterAdded, ChapterRemoved, ChapterWritten, LessonRemoved } from './events';
/** Analytics follows completed chapters (as learning publishes them). */
export { ChapterCompleted } from './events';
