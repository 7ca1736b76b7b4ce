import { describe, it } from 'vitest';
import { deciderSpec } from '../../../test-support/platform/decider-spec';
import { wordDecider, type MarkWord } from './decider';
import type { VocabularyEvent } from './events';

const at = '2026-11-22T10:00:00.000Z';
const userId = '6f1c2b8e-4d0a-4f3c-9a7e-51d2c8b3f409';
const mark = (status: MarkWord['status']): MarkWord => ({ userId, language: 'de', word: 'haus', status, at });
const changed = (status: MarkWord['status']): VocabularyEvent => ({
  type: 'vocabulary.WordStatusChanged',
  data: { userId, language: 'de', word: 'haus', status, at },
});

describe('word status decider', () => {
  const spec = deciderSpec(wordDecider);
  it('adds a new word as known', () =>
    spec
      .given([])
      .when(mark('known'))
      .then([changed('known')]));
  it('replaces uncertain with known', () =>
    spec
      .given([changed('uncertain')])
      .when(mark('known'))
      .then([changed('known')]));
  it('removes a word marked new', () =>
    spec
      .given([changed('known')])
      .when(mark('new'))
      .then([changed('new')]));
  it('changes nothing when the status is already that', () =>
    spec
      .given([changed('known')])
      .when(mark('known'))
      .then([]));
  it('changes nothing when an unknown word is marked new', () => spec.given([]).when(mark('new')).then([]));
  it('adds a new word as ignored', () =>
    spec
      .given([])
      .when(mark('ignored'))
      .then([changed('ignored')]));
  it('ignores a known word, and makes an ignored word known again', () => {
    spec
      .given([changed('known')])
      .when(mark('ignored'))
      .then([changed('ignored')]);
    spec
      .given([changed('known'), changed('ignored')])
      .when(mark('known'))
      .then([changed('known')]);
  });
  it('changes nothing when an ignored word is marked ignored again', () =>
    spec
      .given([changed('ignored')])
      .when(mark('ignored'))
      .then([]));
  it('removes an ignored word marked new', () =>
    spec
      .given([changed('ignored')])
      .when(mark('new'))
      .then([changed('new')]));
});
