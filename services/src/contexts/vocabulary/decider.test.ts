import { describe, it } from 'vitest';
import { deciderSpec } from '../../../test-support/platform/decider-spec';
import { baseCorrectionDecider, ownBaseDecider, wordDecider, type MarkWord } from './decider';
import type { BaseCorrectionEvent, OwnBaseEvent, WordEvent } from './events';

const at = '2026-11-22T10:00:00.000Z';
const userId = '6f1c2b8e-4d0a-4f3c-9a7e-51d2c8b3f409';
const mark = (status: MarkWord['status']): MarkWord => ({ userId, language: 'de', word: 'haus', status, at });
const changed = (status: MarkWord['status']): WordEvent => ({
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

describe('own base word decider (a learner splits a form off, sets its base word by hand, rejoins)', () => {
  const spec = deciderSpec(ownBaseDecider);
  const choose = (base: string | null) => ({ userId, language: 'de' as const, word: 'ging', base, at });
  const chosen = (base: string | null): OwnBaseEvent => ({
    type: 'vocabulary.OwnBaseChosen',
    data: { userId, language: 'de', word: 'ging', base, at },
  });
  it('splits a form off (its own base word)', () =>
    spec
      .given([])
      .when(choose('ging'))
      .then([chosen('ging')]));
  it('sets a base word by hand over a split', () =>
    spec
      .given([chosen('ging')])
      .when(choose('gehen'))
      .then([chosen('gehen')]));
  it('rejoins a split form (undo)', () =>
    spec
      .given([chosen('ging')])
      .when(choose(null))
      .then([chosen(null)]));
  it('changes nothing when the choice already holds: split twice, rejoin a form never split', () => {
    spec
      .given([chosen('ging')])
      .when(choose('ging'))
      .then([]);
    spec.given([]).when(choose(null)).then([]);
    spec
      .given([chosen('ging'), chosen(null)])
      .when(choose(null))
      .then([]);
  });
});

describe('base correction decider (an admin, for everyone)', () => {
  const spec = deciderSpec(baseCorrectionDecider);
  const admin = '0a1c2b8e-4d0a-4f3c-9a7e-51d2c8b3f400';
  const correct = (base: string | null) => ({ language: 'es' as const, word: 'sé', base, adminId: admin, at });
  const corrected = (base: string | null): BaseCorrectionEvent => ({
    type: 'vocabulary.BaseCorrected',
    data: { language: 'es', word: 'sé', base, correctedBy: admin, at },
  });
  it('corrects a wrong base word, naming the admin', () =>
    spec
      .given([])
      .when(correct('saber'))
      .then([corrected('saber')]));
  it('takes a correction back (the dictionary again)', () =>
    spec
      .given([corrected('saber')])
      .when(correct(null))
      .then([corrected(null)]));
  it('changes nothing for the same correction again', () =>
    spec
      .given([corrected('saber')])
      .when(correct('saber'))
      .then([]));
});
