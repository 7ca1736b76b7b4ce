import { z } from 'zod';

/**
 * Names, usernames and titles people show to others: display names, article names, series and forum
 * thread titles. Normalised to NFKC, so full-width, styled (math alphabets) and ligature forms become the
 * plain letters they look like, and never made only of characters that show nothing.
 */
export const NAME_INVISIBLE = 'Use visible characters: this cannot be only spaces or invisible characters.';

// Format characters (zero-width spaces and joiners, direction marks), the other default-ignorable ones
// (Hangul fillers, variation selectors, soft hyphen), whitespace, and the blank braille pattern.
const INVISIBLE_ONLY = /^[\p{Cf}\p{Default_Ignorable_Code_Point}\p{White_Space}\u2800]+$/u;

/** True for text that is not empty and made only of characters that show nothing. */
export const isInvisibleOnly = (text: string): boolean => INVISIBLE_ONLY.test(text);

/** The name as the schemas keep it: NFKC, trimmed. */
export const normalizeName = (text: string): string => text.normalize('NFKC').trim();

/**
 * The first steps of a name or title schema: NFKC, trimmed, refused when only invisible characters are
 * left. Empty stays empty, for the schema's own "required" rule (or default) to answer.
 */
export const visibleName = (base: z.ZodString = z.string()): z.ZodString =>
  base
    .normalize('NFKC')
    .trim()
    .refine((v) => !isInvisibleOnly(v), NAME_INVISIBLE);
