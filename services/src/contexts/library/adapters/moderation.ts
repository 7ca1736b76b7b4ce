/** What the moderation check says about a text meant for the public library. */
export type Verdict = { ok: true } | { declined: true; reason: string };

/**
 * The port through which public articles (and public series) are checked before they go to an admin.
 * The real adapter asks the AI prompt of spec §7 (translation-ai/check-public-article); the local one
 * below makes the product work offline.
 */
export interface ArticleModeration {
  checkPublicArticle(text: string): Promise<Verdict>;
}

export const MODERATION_MESSAGES = {
  markup: 'Public articles cannot contain scripts or markup.',
  language: 'This text contains words that are not allowed in the public library.',
} as const;

const MARKUP = /<\s*\/?\s*(script|iframe|object|embed|style|svg|img|link|meta)\b|\bon[a-z]+\s*=|javascript\s*:|data\s*:\s*text\/html/i;
/** A small blocklist (de, fr, es, ru, en); whole words, case-insensitive. */
const BLOCKED = [
  'scheiße',
  'arschloch',
  'fotze',
  'putain',
  'connard',
  'salope',
  'mierda',
  'cabrón',
  'puta',
  'блядь',
  'сука',
  'хуй',
  'fuck',
  'cunt',
];
const BLOCKED_WORD = new RegExp(`(^|[^\\p{L}])(${BLOCKED.join('|')})(?=$|[^\\p{L}])`, 'iu');

/** Local default: declines scripts/markup and a few insults; everything else goes on to an admin. */
export const localModeration: ArticleModeration = {
  async checkPublicArticle(text) {
    if (MARKUP.test(text)) return { declined: true, reason: MODERATION_MESSAGES.markup };
    if (BLOCKED_WORD.test(text.normalize('NFC'))) return { declined: true, reason: MODERATION_MESSAGES.language };
    return { ok: true };
  },
};
