import { dueLabel, formatDueLabel, formatLastPracticed, lastPracticedLabel, type Flashcard } from '@verba/contracts';

/** "Due now", "Due in 3 days", "Mastered" (spec §9 review due labels). */
export function dueText(card: Pick<Flashcard, 'dueDateStamp'>, now: number): string {
  const label = dueLabel(card.dueDateStamp, now);
  if (label.unit === 'mastered') return 'Mastered';
  return `Due ${formatDueLabel(label)}`;
}

/** "Last practiced today", "Last practiced 2 weeks ago", "Never practiced" (spec §9), in days of the learner's zone. */
export function lastPracticedText(card: Pick<Flashcard, 'lastTimePracticedStamp'>, now: number, zone?: string): string {
  const label = lastPracticedLabel(card.lastTimePracticedStamp ?? undefined, now, zone);
  return label.unit === 'never' ? 'Never practiced' : `Last practiced ${formatLastPracticed(label)}`;
}
