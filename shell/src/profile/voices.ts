// A copy of contracts' voice table (domain/voices.ts) without its zod schema, which the shell must not
// load (docs/decisions.md); voices.test.ts keeps the two equal.
export const VOICES = {
  de: [
    ['Marlene', 'Marlene'],
    ['Vicki', 'Vicki'],
    ['Hans', 'Hans'],
  ],
  fr: [
    ['Celine', 'Celine'],
    ['Lea', 'Lea'],
    ['Mathieu', 'Mathieu'],
  ],
  es: [
    ['Lucia', 'Lucia'],
    ['Enrique', 'Enrique'],
    ['Mia', 'Mia (Mexico)'],
    ['Penelope', 'Penelope (US)'],
    ['Miguel', 'Miguel (US)'],
  ],
  ru: [
    ['Tatyana', 'Tatyana'],
    ['Maxim', 'Maxim'],
  ],
} as const satisfies Record<string, ReadonlyArray<readonly [string, string]>>;

export const DEFAULT_VOICES = { de: 'Marlene', fr: 'Celine', es: 'Mia', ru: 'Tatyana' } as const;
