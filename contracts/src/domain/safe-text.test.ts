import { describe, expect, it } from 'vitest';
import { findUnsafeText, isSafeText } from './safe-text';

describe('safe text', () => {
  it('accepts ordinary text in every script, emoji (surrogate pairs) and control characters other than NUL', () => {
    for (const s of ['', 'Zelt', 'Ça va ?', 'я читаю', '¿Qué?', '😀 a 𝄞', 'tab\there\nline']) expect(isSafeText(s)).toBe(true);
  });

  it('refuses NUL and unpaired surrogates wherever they stand', () => {
    for (const s of ['a\u0000b', '\u0000', 'x\uD800', '\uD800y', '\uDC00', 'a\uDC00\uD800b', '😀\uDFFF']) expect(isSafeText(s)).toBe(false);
  });

  it('names the first unsafe string in a request, keys included', () => {
    expect(findUnsafeText({ a: 'ok', b: [1, 'fine', { c: 'bad\u0000' }] })).toBe('b.2.c');
    expect(findUnsafeText({ ['k\uD800']: 1 })).toBe('(key)');
    expect(findUnsafeText({ a: 'ok', n: 1, z: null, t: true })).toBeUndefined();
    expect(findUnsafeText('\uDC00')).toBe('');
  });
});
