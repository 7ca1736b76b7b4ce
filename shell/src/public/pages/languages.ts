/** The four learning languages as the public pages present them. */
export interface LanguageCard {
  code: 'de' | 'fr' | 'es' | 'ru';
  name: string;
  href: string;
  hello: string;
  tagline: string;
}

export const LANGUAGE_CARDS: readonly LanguageCard[] = [
  { code: 'de', name: 'German', href: '/learn-german', hello: 'Hallo!', tagline: 'Compound words and cases, one text at a time.' },
  { code: 'fr', name: 'French', href: '/learn-french', hello: 'Bonjour !', tagline: 'Hear what you read, silent letters and all.' },
  { code: 'es', name: 'Spanish', href: '/learn-spanish', hello: '¡Hola!', tagline: 'Voices from Spain, Mexico and the US.' },
  { code: 'ru', name: 'Russian', href: '/learn-russian', hello: 'Привет!', tagline: 'Cyrillic becomes second nature as you read.' },
];
