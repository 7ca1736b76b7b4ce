import { defineProjection, remove, upsert, when } from '../../../platform/projections/declare';
import { UserDeleted } from '../../identity/published';
import { meaningKey } from '../domain/meaning-key';
import { OWN_MEANING_SEALED_FIELDS, OwnMeaningSaved } from '../events';

/**
 * Each learner's own meanings, by language and word key: the newest saved meaning of a word wins. A
 * learner's rows go when the account is deleted (their events stay sealed with a key that no longer exists).
 */
export const ownMeaningsProjection = defineProjection({
  name: 'translation-own-meanings',
  version: 1,
  tables: {
    translation_own_meanings: {
      key: ['user_id', 'language', 'word_key'],
      columns: { user_id: 'uuid', language: 'text', word_key: 'text', word: 'text', meaning: 'text', updated_at: 'timestamptz' },
    },
  },
  on: [
    when(
      OwnMeaningSaved,
      (e) =>
        // An erased learner's text opens empty; their rows are gone already (or go at their UserDeleted).
        !e.word || !e.meaning
          ? []
          : [
              upsert('translation_own_meanings', {
                user_id: e.userId,
                language: e.languageCode,
                word_key: meaningKey(e.word),
                word: e.word,
                meaning: e.meaning,
                updated_at: e.at,
              }),
            ],
      { sealed: OWN_MEANING_SEALED_FIELDS },
    ),
    when(UserDeleted, (e) => [remove('translation_own_meanings', { user_id: e.userId })]),
  ],
});
