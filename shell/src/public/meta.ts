import type { PublicPage } from '../routing/paths';

export interface PageMeta {
  title: string;
  description: string;
  /** og:type: the landing page is the site, the rest are articles. */
  type: 'website' | 'article';
  /** A picture for social cards (absolute or site path). */
  image?: string;
}

export const SITE_NAME = 'Verba';
/** Absolute URLs in og:url need an origin; the prerender and the browser both use this one. */
export const SITE_ORIGIN = 'https://verba.app';

const learn = (language: string, pitch: string): PageMeta => ({
  title: `Learn ${language} by reading | Verba`,
  description: `Learn ${language} with stories and articles at your level. ${pitch}`,
  type: 'article',
});

/** Title, description and social card of every public page. */
export const PAGE_META: Record<PublicPage, PageMeta> = {
  landing: {
    title: 'Verba: learn German, French, Spanish and Russian by reading',
    description:
      'Read real articles at your level, mark every word you meet, hear it spoken and turn it into flashcards that schedule themselves. Start free.',
    type: 'website',
  },
  pricing: {
    title: 'Pricing: Verba Master | Verba',
    description:
      'Verba Master: unlimited text to speech, premium articles and chapters, and public publishing. Monthly, annual or two-year plans in your currency.',
    type: 'article',
  },
  faq: {
    title: 'Frequently asked questions | Verba',
    description:
      'Answers about reading on Verba: levels, word marking, AI translation, text to speech, flashcards, courses and the Master subscription.',
    type: 'article',
  },
  'learn-de': learn('German', 'Tap any word for a translation, hear it spoken and keep the ones you want on flashcards.'),
  'learn-fr': learn('French', 'Hear every sentence read aloud, mark the words you know and review the rest with flashcards.'),
  'learn-es': learn('Spanish', 'Read from Spain to Mexico, listen with native voices and build your vocabulary word by word.'),
  'learn-ru': learn('Russian', 'Get comfortable with Cyrillic, hear the stress in every word and review with smart flashcards.'),
  terms: {
    title: 'Terms and conditions (draft) | Verba',
    description:
      'The draft terms for using Verba: your account, the Master subscription, your content and our responsibilities, in plain language.',
    type: 'article',
  },
  privacy: {
    title: 'Privacy policy (draft) | Verba',
    description: 'What Verba stores about you, why, who helps us run the service, how long we keep it and how to have it erased.',
    type: 'article',
  },
  cookies: {
    title: 'Cookie policy (draft) | Verba',
    description: 'The cookies and browser storage Verba uses to keep you signed in, protect your account and remember your settings.',
    type: 'article',
  },
  support: {
    title: 'Help and support | Verba',
    description: 'Get help with your Verba account, reading, flashcards and the Master subscription, or write to the support team.',
    type: 'article',
  },
  blog: {
    title: 'The Verba blog: reading-first language learning',
    description: 'How to learn German, French, Spanish and Russian by reading: method, habits and the ideas behind Verba.',
    type: 'website',
  },
  'blog-post': {
    title: 'The Verba blog',
    description: 'Reading-first language learning: German, French, Spanish and Russian.',
    type: 'article',
  },
  'contact-us': {
    title: 'Contact support | Verba',
    description: 'Write to the Verba support team. We usually answer within two working days.',
    type: 'article',
  },
};

/** A blog post's own title, description and picture for its page and social card. */
export const postMeta = (post: { title: string; description: string; image: { url: string } | null }): PageMeta => ({
  title: `${post.title} | Verba blog`,
  description: post.description,
  type: 'article',
  ...(post.image ? { image: post.image.url } : {}),
});
