import type { ArticleCheck } from '@verba/contracts';

/**
 * Offline stand-in for AI moderation: calls for violence and dehumanising words, per language. It only
 * catches the blatant cases; the configured AI provider with the admins' prompt is the real check.
 */
const FLAGGED_TERMS: readonly string[] = [
  // English
  'kill them all',
  'kill all',
  'exterminate',
  'subhuman',
  'gas them',
  // German
  'tötet alle',
  'bringt sie um',
  'ausrotten',
  'vergasen',
  'untermenschen',
  // French
  'tuez-les',
  'tuez tous',
  'exterminer',
  'sous-hommes',
  // Spanish
  'matadlos',
  'matad a todos',
  'exterminar',
  'infrahumanos',
  // Russian
  'убейте всех',
  'уничтожить всех',
  'недочеловеки',
];

export const declinedReason = (term: string) => `The article contains violent or hateful language ("${term}").`;

export function moderateLocally(name: string, content: string): ArticleCheck {
  const text = `${name}\n${content}`.toLowerCase().replace(/’/g, "'");
  const term = FLAGGED_TERMS.find((t) => text.includes(t));
  return term ? { ok: false, reason: declinedReason(term) } : { ok: true };
}
