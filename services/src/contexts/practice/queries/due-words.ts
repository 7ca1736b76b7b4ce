import type { Knex } from 'knex';
import { MAX_DUE_WORDS, endOfLocalDay, entryKey, localDay, startOfLocalDay, type DueWord, type LearningLanguage } from '@verba/contracts';
import type { TimeZones } from '../../../platform/module';
import type { FlashcardRow } from '../projections/flashcards';

type Db = Knex | Knex.Transaction;

/**
 * The cards the reader underlines for a review in the text (issue 39.3): due before the end of the learner's
 * day in their time zone, but not a card made that day and never reviewed (a word just marked Uncertain
 * makes one, due at once: no passive review yet), nor one already confirmed in the reader that day (it
 * counts once a day; a learning step may bring it due again within minutes). A card failed in practice
 * today, due again in ten minutes, is underlined: meeting it in a text is the review it needs.
 * Read from the index on (user, language, due date): only the due rows are touched, however many cards;
 * the day's reader reviews from the review log's index on (user, language, time).
 */
export class DueWordQueries {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly timeZones: TimeZones,
  ) {}

  async dueWords(userId: string, language: LearningLanguage) {
    const now = this.now();
    const zone = await this.timeZones.timeZoneOf(userId);
    const endOfDay = endOfLocalDay(now, zone);
    const startOfDay = startOfLocalDay(localDay(now, zone), zone);
    const rows: Pick<FlashcardRow, 'card_id' | 'source_value' | 'target_value' | 'sentence' | 'due_at'>[] = await this.db<FlashcardRow>(
      'flashcards',
    )
      .where({ user_id: userId, language })
      .andWhere('due_at', '<', endOfDay)
      .andWhere((q) => q.whereNot('state', 'new').orWhere('created_at', '<', startOfDay))
      .whereNotExists(
        this.db('practice_reviews as r')
          .whereRaw('r.card_id = flashcards.card_id')
          .andWhere({ 'r.user_id': userId, 'r.language': language, 'r.source': 'reader' })
          .andWhere('r.reviewed_at', '>=', startOfDay),
      )
      .orderBy(['due_at', 'card_id'])
      .limit(MAX_DUE_WORDS + 1)
      .select('card_id', 'source_value', 'target_value', 'sentence', 'due_at');
    const words: DueWord[] = rows.slice(0, MAX_DUE_WORDS).map((r) => ({
      id: r.card_id,
      sourceValue: r.source_value,
      key: entryKey(r.source_value),
      targetValue: r.target_value,
      ...(r.sentence ? { sentence: r.sentence } : {}),
      dueDateStamp: r.due_at.getTime(),
    }));
    return { languageCode: language, endOfDayStamp: endOfDay.getTime(), words, truncated: rows.length > MAX_DUE_WORDS };
  }
}
