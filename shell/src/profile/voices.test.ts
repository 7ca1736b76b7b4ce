import { describe, expect, it } from 'vitest';
import { DEFAULT_VOICES as CONTRACT_DEFAULTS, voicesForLanguage } from '@verba/contracts';
import { DEFAULT_VOICES, VOICES } from './voices';

describe("the shell's copy of the voice table", () => {
  it('equals the contracts table, in order, with the same defaults', () => {
    for (const language of ['de', 'fr', 'es', 'ru'] as const) {
      expect(VOICES[language].map(([id, label]) => ({ id, label }))).toEqual(
        voicesForLanguage(language).map(({ id, label }) => ({ id, label })),
      );
    }
    expect(DEFAULT_VOICES).toEqual(CONTRACT_DEFAULTS);
  });
});
