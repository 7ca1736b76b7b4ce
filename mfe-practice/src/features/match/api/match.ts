import { useMemo } from 'react';
import { sendCommand } from '@verba/kit';
import { matchSentence, practiceFlashcards, reviewFlashcards } from '@verba/contracts/http';
import { MATCH_PAIRS, type LearningLanguage, type ReviewRating } from '@verba/contracts';
import { useRoundQuery } from '../../../shared/use-round-query';
import { shuffled, type Pair, type Target } from '../match';

export interface Board {
  pairs: Pair[];
  targets: Target[];
}

/** What a match screen needs from either source of pairs. */
export interface BoardQuery {
  board: Board | undefined;
  loading: boolean;
  error: Error | null;
  retry: () => void;
  nextRound: () => void;
}

const asBoardQuery = (
  result: { isFetching: boolean; error: Error | null; refetch: () => unknown },
  board: Board | undefined,
  nextRound: () => void,
): BoardQuery => ({ board, loading: result.isFetching, error: result.error, retry: () => void result.refetch(), nextRound });

/** /match-words: phrases and sentences first (GET practice/match-sentence; targets come shuffled). */
export function useSentenceBoard(languageCode: LearningLanguage): BoardQuery {
  const { result, nextRound } = useRoundQuery(matchSentence, { languageCode });
  return asBoardQuery(result, result.data, nextRound);
}

/** /practice-match-words: the learner's next cards due (GET practice/flashcards), targets shuffled here. */
export function useDueCardsBoard(languageCode: LearningLanguage): BoardQuery {
  const { result, nextRound } = useRoundQuery(practiceFlashcards, { languageCode, limit: MATCH_PAIRS });
  const cards = result.data?.flashcards;
  const board = useMemo<Board | undefined>(() => {
    if (!cards) return undefined;
    const pairs = cards.map(({ id, sourceValue, targetValue }) => ({ id, sourceValue, targetValue }));
    return { pairs, targets: shuffled(pairs.map(({ id, targetValue }) => ({ id, targetValue }))) };
  }, [cards]);
  return asBoardQuery(result, board, nextRound);
}

/** Sends a finished round as one review per pair (match-words reschedules a card at most once a day on the server). */
export async function sendMatchResult(reviews: { id: string; rating: ReviewRating }[]): Promise<void> {
  if (reviews.length > 0) await sendCommand(reviewFlashcards, { body: { reviews, source: 'match-words' } });
}
