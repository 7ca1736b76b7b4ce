import { sendCommand } from '@verba/kit';
import { reviewFlashcards } from '@verba/contracts/http';
import type { ReviewRating, ReviewSource } from '@verba/contracts';

export interface Review {
  id: string;
  rating: ReviewRating;
}

/**
 * Records reviews (PATCH flashcards). The command id makes a retried request count once; games
 * (match words, quick quiz) reschedule a card at most once a day on the server.
 */
export async function sendReviews(reviews: Review[], source: ReviewSource): Promise<void> {
  if (reviews.length === 0) return;
  await sendCommand(reviewFlashcards, { body: { reviews, source } });
}
