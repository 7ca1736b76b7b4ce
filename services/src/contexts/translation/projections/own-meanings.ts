import { readEventData } from '../../../platform/decider/events';
import { openSealed } from '../../../platform/personal-data/keys';
import type { Projection } from '../../../platform/projections/projection';
import { UserDeleted } from '../../identity/published';
import { meaningKey } from '../domain/meaning-key';
import { OWN_MEANING_SEALED_FIELDS, OwnMeaningSaved } from '../events';

/**
 * Each learner's own meanings, by language and word key: the newest saved meaning of a word wins. A
 * learner's rows go when the account is deleted (their events stay sealed with a key that no longer exists).
 */
export const ownMeaningsProjection: Projection = {
  name: 'translation-own-meanings',
  version: 1,
  tables: ['translation_own_meanings'],
  eventTypes: [OwnMeaningSaved.type, UserDeleted.type],
  async setup(trx, t) {
    await trx.schema.createTable(t('translation_own_meanings'), (tb) => {
      tb.uuid('user_id').notNullable();
      tb.text('language').notNullable();
      tb.text('word_key').notNullable();
      tb.text('word').notNullable();
      tb.text('meaning').notNullable();
      tb.timestamp('updated_at', { useTz: true }).notNullable();
      tb.primary(['user_id', 'language', 'word_key']);
    });
  },
  async apply(events, { trx, t }) {
    const table = t('translation_own_meanings');
    const keys = new Map<string, Buffer | undefined>();
    for (const recorded of events) {
      if (recorded.type === UserDeleted.type) {
        const { userId } = readEventData(UserDeleted, recorded);
        keys.delete(userId);
        await trx(table).where({ user_id: userId }).delete();
        continue;
      }
      const data = await openSealed(trx, readEventData(OwnMeaningSaved, recorded), OWN_MEANING_SEALED_FIELDS, keys);
      // An erased learner's text opens empty; their rows are gone already (or go at their UserDeleted).
      if (!data.word || !data.meaning) continue;
      await trx(table)
        .insert({
          user_id: data.userId,
          language: data.languageCode,
          word_key: meaningKey(data.word),
          word: data.word,
          meaning: data.meaning,
          updated_at: data.at,
        })
        .onConflict(['user_id', 'language', 'word_key'])
        .merge(['word', 'meaning', 'updated_at']);
    }
  },
};
