import { dueLabel, formatDueLabel, MASTERED_AFTER_DAYS } from '@verba/contracts';
import type { KnewIt } from '../api/due-api';

/** When the card is next due, as the practice portal says it ("in 4 days"). */
function nextReview(dueDateStamp: number, now: number): string {
  const label = dueLabel(dueDateStamp, now);
  if (label.unit === 'mastered') return `in more than ${MASTERED_AFTER_DAYS / 30} months`;
  return label.unit === 'now' ? 'today' : formatDueLabel(label);
}

/**
 * The notice after "I knew it here": when the card is next due, or that a review today already counted
 * (the server schedules a card once a day from the reader and the games). Success notices have no full stop.
 */
export function knewItNotice(result: KnewIt, now: number): string {
  const next = nextReview(result.dueDateStamp, now);
  return result.scheduled ? `Next review ${next}` : `Already counted today: next review ${next}`;
}
