import { sendCommand } from '@verba/kit';
import { reviewFlashcards, undoReview } from '@verba/contracts/http';
import type { ReviewRating, ReviewSource } from '@verba/contracts';

export interface Review {
  id: string;
  rating: ReviewRating;
}

/**
 * Records reviews (PATCH flashcards) and answers their review ids, in the order sent. The command id makes
 * a retried request count once; games (match words, quick quiz) reschedule a card at most once a day on
 * the server.
 */
export async function sendReviews(reviews: Review[], source: ReviewSource): Promise<string[]> {
  if (reviews.length === 0) return [];
  const { cards } = await sendCommand(reviewFlashcards, { body: { reviews, source } });
  return cards.map((c) => c.reviewId);
}

/** Takes back a card's last flashcard review (Undo): the server gives the card its schedule from before. */
export async function undoSentReview(id: string, reviewId: string): Promise<void> {
  await sendCommand(undoReview, { body: { id, reviewId } });
}
