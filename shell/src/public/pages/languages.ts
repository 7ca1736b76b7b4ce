import { LANDING_SLUGS, LANGUAGE_NAMES, LEARNING_LANGUAGES, type LearningLanguage } from '@verba/contracts';

/** The four learning languages as the public pages present them (codes, names and paths from the contracts). */
export interface LanguageCard {
  code: LearningLanguage;
  name: string;
  href: string;
  hello: string;
  tagline: string;
}

const GREETINGS: Record<LearningLanguage, Pick<LanguageCard, 'hello' | 'tagline'>> = {
  de: { hello: 'Hallo!', tagline: 'Compound words and cases, one text at a time.' },
  fr: { hello: 'Bonjour !', tagline: 'Hear what you read, silent letters and all.' },
  es: { hello: '¡Hola!', tagline: 'Voices from Spain, Mexico and the US.' },
  ru: { hello: 'Привет!', tagline: 'Cyrillic becomes second nature as you read.' },
};

export const LANGUAGE_CARDS: readonly LanguageCard[] = LEARNING_LANGUAGES.map((code) => ({
  code,
  name: LANGUAGE_NAMES[code],
  href: `/${LANDING_SLUGS[code]}`,
  ...GREETINGS[code],
}));
