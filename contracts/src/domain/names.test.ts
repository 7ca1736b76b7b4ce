import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { NAME_INVISIBLE, isInvisibleOnly, normalizeName, visibleName } from './names';
import { DisplayNameSchema } from '../http/identity';
import { RESERVED_USERNAMES, USERNAME_RESERVED, UsernameSchema } from '../http/profile';
import { ArticleInputSchema } from '../http/library';
import { SeriesInputSchema } from '../http/series';
import { startForumThread } from '../http/forum';

const message = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error?.issues[0]?.message;

describe('names, usernames and titles', () => {
  it('counts zero-width and format characters, fillers and whitespace as invisible, and nothing else', () => {
    for (const blank of [
      '\u200B',
      '\u200C\u200D',
      '\u2060\uFEFF',
      '\u3164',
      '\u115F\u1160',
      '\uFFA0',
      '\u00AD',
      '\uFE0F',
      '\u202E',
      '\u2800',
      ' \u3000\u00A0',
      '\u034F',
      '\u{E0020}',
    ]) {
      expect(isInvisibleOnly(blank), JSON.stringify(blank)).toBe(true);
    }
    for (const shown of ['', 'a', '\u200Ba', '👩‍💻', 'ـ', '.']) expect(isInvisibleOnly(shown), JSON.stringify(shown)).toBe(false);
  });

  it('normalises to NFKC: full-width, styled and ligature forms become plain letters', () => {
    expect(normalizeName(' ａｄｍｉｎ ')).toBe('admin');
    expect(normalizeName('𝐀𝐧𝐧𝐚')).toBe('Anna');
    expect(normalizeName('ﬁsh')).toBe('fish');
    expect(normalizeName('Cafe\u0301')).toBe('Café');
  });

  it('refuses invisible-only values with its message, and leaves empty ones to the "required" rule', () => {
    const schema = visibleName().min(1, 'Required');
    expect(message(schema, '\u200B\u200B')).toBe(NAME_INVISIBLE);
    expect(message(schema, '   ')).toBe('Required');
    expect(schema.parse('  Ｌｅｏ\u3000')).toBe('Leo');
  });

  it('applies to display names, usernames, article names, series and forum thread titles, as the browser checks them', () => {
    const article = { languageCode: 'de', category: 'Other', generalDifficulty: 'A1', content: 'Text' };
    const thread = startForumThread.body;
    for (const [schema, wrap] of [
      [DisplayNameSchema, (v: string) => v],
      [UsernameSchema, (v: string) => v],
      [ArticleInputSchema, (v: string) => ({ ...article, name: v })],
      [SeriesInputSchema, (v: string) => ({ languageCode: 'de', title: v })],
      [thread, (v: string) => ({ commandId: crypto.randomUUID(), language: 'de', title: v, body: 'Hallo' })],
    ] as const) {
      expect(message(schema, wrap('\u200B\u2060\u3164'))).toBe(NAME_INVISIBLE);
    }
    expect(DisplayNameSchema.parse('ａｎｎａ')).toBe('anna');
    expect(ArticleInputSchema.parse({ ...article, name: '  Ｄａｓ Ｈａｕｓ ' }).name).toBe('Das Haus');
    expect(SeriesInputSchema.parse({ languageCode: 'de', title: 'ﬁnal' }).title).toBe('final');
    expect(message(SeriesInputSchema, { languageCode: 'de', title: 'Serie', authorDisplayName: '\u200B' })).toBe(NAME_INVISIBLE);
  });

  it('refuses reserved usernames, whatever their case, width, dots or underscores', () => {
    expect(RESERVED_USERNAMES).toEqual(expect.arrayContaining(['admin', 'owner', 'verba', 'support']));
    for (const name of ['admin', 'ADMIN', 'ａｄｍｉｎ', 'ad.min', '_owner_', 'Verba', 'sup.port'])
      expect(message(UsernameSchema, name), name).toBe(USERNAME_RESERVED);
    for (const name of ['admin2', 'verbalist', 'supporter']) expect(UsernameSchema.safeParse(name).success, name).toBe(true);
  });
});
