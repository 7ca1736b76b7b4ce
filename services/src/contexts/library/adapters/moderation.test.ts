import { describe, expect, it } from 'vitest';
import { localModeration, MODERATION_MESSAGES } from './moderation';

const check = (text: string) => localModeration.checkPublicArticle(text);

describe('local moderation', () => {
  it('lets ordinary text through, including words that merely contain a blocked one', async () => {
    expect(await check('Die Sonne scheint über dem Hafen. Computer, Disputation.')).toEqual({ ok: true });
  });

  it('declines scripts, event handlers and javascript: links', async () => {
    for (const t of ['Hallo <script>alert(1)</script>', '<img src=x onerror=alert(1)>', 'Klick javascript:alert(1)'])
      expect(await check(t)).toEqual({ declined: true, reason: MODERATION_MESSAGES.markup });
  });

  it('declines blocked words in any case', async () => {
    expect(await check('Das ist SCHEISSE, nein: Scheiße!')).toEqual({ declined: true, reason: MODERATION_MESSAGES.language });
    expect(await check('Ну и сука.')).toEqual({ declined: true, reason: MODERATION_MESSAGES.language });
  });
});
