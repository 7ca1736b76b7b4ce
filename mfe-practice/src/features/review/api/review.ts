import { sendCommand } from '@verba/kit';
import { practiceFlashcards, reviewFlashcards, undoReview } from '@verba/contracts/http';
import type { LearningLanguage, ReviewRating } from '@verba/contracts';
import { useRoundQuery } from '../../../shared/use-round-query';

export const SESSION_SIZE = 20;

export interface Review {
  id: string;
  rating: ReviewRating;
}

/** Cards for a session: due first (most overdue first), then the next ones due. */
export const useSessionCards = (languageCode: LearningLanguage) => useRoundQuery(practiceFlashcards, { languageCode, limit: SESSION_SIZE });

/** Records one rating (PATCH flashcards) and answers its review id; the command id makes a retried request count once. */
export async function sendRating(review: Review): Promise<string | undefined> {
  const { cards } = await sendCommand(reviewFlashcards, { body: { reviews: [review], source: 'flashcards' } });
  return cards[0]?.reviewId;
}

/** Takes back a card's last flashcard review (Undo): the server gives the card its schedule from before. */
export async function undoRating(id: string, reviewId: string): Promise<void> {
  await sendCommand(undoReview, { body: { id, reviewId } });
}
