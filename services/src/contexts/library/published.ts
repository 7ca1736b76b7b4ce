/**
 * Library's events that other contexts may read (the only file of this context they may import): the
 * content context follows articles' preview images, so an image in use is not deleted from the image
 * manager. The fields listed in ARTICLE_SEALED_FIELDS are sealed with the author's key (open them with
 * platform/personal-data's `openSealed`).
 */
export { ArticlePublished, ArticleUpdated, ArticleDeleted, ARTICLE_SEALED_FIELDS } from './events';
/** Analytics follows reads of articles (as library publishes them). */
export { ArticleRead } from './events';
/** Analytics follows the reader's page times (minutes read, words read, words a minute). */
export { ReadingTimeRecorded } from './events';
