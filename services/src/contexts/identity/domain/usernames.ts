import { remove } from 'confusables';
import { RESERVED_USERNAMES } from '@verba/contracts';

/**
 * What a username looks like, for telling lookalikes apart: NFKC, then every letter that can pass for a
 * Latin one (Cyrillic "а", Greek "Ο", accented forms) replaced by it, as the `confusables` library maps
 * them, in lower case. "аdmin" (Cyrillic а) and "Admin" have the same skeleton, "admin". Mapped in upper
 * case, so that case variants share one skeleton (lower-case Greek "ν" passes for "v", its capital for "N").
 */
export function usernameSkeleton(name: string): string {
  return remove(name.normalize('NFKC').toUpperCase()).toLowerCase();
}

/** A reserved word, or something that looks like one once dots and underscores are dropped. */
export const looksReserved = (name: string): boolean => RESERVED_USERNAMES.includes(usernameSkeleton(name).replace(/[._]/g, ''));
