import { describe, expect, it } from 'vitest';
import {
  LEARNING_LANGUAGES,
  LEVEL_NAMES,
  LEVELS as CONTRACT_LEVELS,
  USERNAME_RULE as CONTRACT_RULE,
  UsernameSchema,
} from '@verba/contracts';
import { LANGUAGES, LEVELS, USERNAME_PATTERN, USERNAME_RULE } from './choices';

describe("the shell's copies of the onboarding choices", () => {
  it('offer the contracts languages and levels, in order', () => {
    expect(LANGUAGES.map((l) => l.code)).toEqual([...LEARNING_LANGUAGES]);
    expect(LEVELS.map((l) => [l.code, l.name])).toEqual(CONTRACT_LEVELS.map((code) => [code, LEVEL_NAMES[code]]));
  });

  it('check usernames as the server does, with its words', () => {
    expect(USERNAME_RULE).toBe(CONTRACT_RULE);
    for (const name of ['ab', 'nora_1', 'Ана.Б', 'a b', 'x'.repeat(30), 'x'.repeat(31), 'ok!']) {
      expect(USERNAME_PATTERN.test(name)).toBe(UsernameSchema.safeParse(name).success);
    }
  });
});
