import { FORUM_MESSAGES } from '@verba/contracts';
import type { People } from '../../../platform/module';

/**
 * What an article or series of a learner stores as its author when they gave none: nothing, and before
 * issue 36 the words "Verba learner" (a name of nobody, shown in place of theirs).
 */
const NO_NAME_GIVEN: ReadonlySet<string> = new Set(['', 'Verba learner']);

/** Shown when identity knows no name for the author (their account is being made or erased this moment). */
export const NAMELESS_AUTHOR = FORUM_MESSAGES.unknownAuthor;

interface Authored {
  author_id: string | null;
  author_display_name: string;
}

/**
 * Rows whose learner-author gave no author name, named after the learner: identity's display name, asked
 * at read time in one lookup (like the forum's authors), so a new name shows everywhere and erasure reaches
 * it. A name the author typed (a text by someone else) and Verba's own articles stay as they are.
 */
export async function withAuthorNames<R extends Authored>(people: People, rows: readonly R[]): Promise<R[]> {
  const unnamed = rows.filter((r) => r.author_id !== null && NO_NAME_GIVEN.has(r.author_display_name));
  if (!unnamed.length) return [...rows];
  const names = await people.displayNames(unnamed.map((r) => r.author_id!));
  return rows.map((r) => (unnamed.includes(r) ? { ...r, author_display_name: names.get(r.author_id!) || NAMELESS_AUTHOR } : r));
}

/**
 * The author name to keep from what a form sent: none when it is the author's own display name (an edit
 * form shows the name a read filled in), so the text keeps following the author's name rather than a copy.
 */
export async function givenAuthorName(people: People, authorId: string | null, name: string): Promise<string> {
  if (!authorId || !name) return name;
  if (NO_NAME_GIVEN.has(name)) return '';
  const own = (await people.displayNames([authorId])).get(authorId) ?? NAMELESS_AUTHOR;
  return name === own ? '' : name;
}
