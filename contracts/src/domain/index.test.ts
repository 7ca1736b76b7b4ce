import { describe, it, expect } from 'vitest';
import * as domain from './index';
import * as root from '../index';

describe('package entry points', () => {
  it('re-export the domain rules', () => {
    for (const name of [
      'LEARNING_LANGUAGES',
      'PLATFORM',
      'LEVELS',
      'levelIndex',
      'ARTICLE_CATEGORIES',
      'VOICES',
      'isVoiceForLanguage',
      'wrapForSpeech',
      'tokenize',
      'splitWords',
      'wordKey',
      'splitList',
      'difficultyLabel',
      'difficultyFromCounts',
      'levelHint',
      'dueLabel',
      'formatDueLabel',
      'lastPracticedLabel',
      'formatLastPracticed',
      'formatHours',
      'currencyForCountry',
      'perMonthMinor',
      'formatPrice',
      'savingsPercent',
      'ttsAllowance',
      'MESSAGES',
    ]) {
      expect(domain).toHaveProperty(name);
    }
    expect(root.tokenize).toBe(domain.tokenize);
  });
});
