import { wordKey } from '@verba/contracts';

/**
 * How a learner's own meaning is keyed: a word by its dictionary key (case, apostrophes and edge
 * punctuation aside, as the reader keys words), a phrase lower-cased with single spaces.
 */
export function meaningKey(text: string): string {
  const trimmed = text.trim();
  return /\s/.test(trimmed) ? trimmed.toLowerCase().replace(/\s+/g, ' ') : wordKey(trimmed);
}
