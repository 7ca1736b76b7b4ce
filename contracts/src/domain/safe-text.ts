/**
 * Text every route accepts: no NUL (PostgreSQL text and jsonb cannot hold it) and no unpaired UTF-16
 * surrogate (not a character: it would be stored altered or refused by the database). One check over a
 * whole request, so no route can forget it.
 */
export const UNSAFE_TEXT_MESSAGE = 'Text contains characters that are not allowed (NUL or an unpaired surrogate)';

// A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSAFE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isSafeText = (s: string): boolean => !UNSAFE.test(s);

/** The path (`a.b.0`) of the first string, key or value, that is not safe text; undefined when all are. */
export function findUnsafeText(value: unknown, path: string[] = [], depth = 0): string | undefined {
  if (typeof value === 'string') return isSafeText(value) ? undefined : path.join('.');
  if (value === null || typeof value !== 'object' || depth > 64) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnsafeText(value[i], [...path, String(i)], depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  for (const [key, inner] of Object.entries(value)) {
    if (!isSafeText(key)) return [...path, '(key)'].join('.');
    const found = findUnsafeText(inner, [...path, key], depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}
