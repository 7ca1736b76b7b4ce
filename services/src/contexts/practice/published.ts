/**
 * Practice's events that other contexts may read (the only file of this context they may import): analytics
 * follows cards and reviews as practice publishes them (module.ts's integration mappers).
 */
export { FlashcardCreated, FlashcardDeleted, FlashcardReviewed, FlashcardReviewUndone } from './events';
