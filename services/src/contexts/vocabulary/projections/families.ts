import { defineProjection, remove, upsert, when } from '../../../platform/projections/declare';
import { BaseCorrected, OwnBaseChosen } from '../events';
import { UserDeleted } from '../../identity/published';
import { FAMILIES_READ_MODEL } from '../domain/family-overrides';

/**
 * Word families besides the dictionary's links (issue 38.2): each learner's own choices (a form's base word
 * set by hand, or the form itself when split off; a rejoined form has no row), and admins' corrections for
 * everyone (a correction taken away has no row). The family look-up and dictionary analytics read both.
 */
export const familiesProjection = defineProjection({
  name: FAMILIES_READ_MODEL.name,
  version: 1,
  tables: {
    vocabulary_own_bases: {
      key: ['user_id', 'language', 'word'],
      columns: { user_id: 'uuid', language: 'text', word: 'text', base: 'text', updated_at: 'timestamptz' },
    },
    vocabulary_base_corrections: {
      key: ['language', 'word'],
      columns: { language: 'text', word: 'text', base: 'text', corrected_by: 'uuid', corrected_at: 'timestamptz' },
    },
  },
  on: [
    when(OwnBaseChosen, ({ userId, language, word, base, at }) => [
      base === null
        ? remove('vocabulary_own_bases', { user_id: userId, language, word })
        : upsert('vocabulary_own_bases', { user_id: userId, language, word, base, updated_at: at }),
    ]),
    when(BaseCorrected, ({ language, word, base, correctedBy, at }) => [
      base === null
        ? remove('vocabulary_base_corrections', { language, word })
        : upsert('vocabulary_base_corrections', { language, word, base, corrected_by: correctedBy, corrected_at: at }),
    ]),
    when(UserDeleted, (e) => [remove('vocabulary_own_bases', { user_id: e.userId })]),
  ],
});
