import type { Knex } from 'knex';
import { MAX_DUE_WORDS, endOfLocalDay, entryKey, localDay, startOfLocalDay, type DueWord, type LearningLanguage } from '@verba/contracts';
import type { TimeZones } from '../../../platform/module';
import type { FlashcardRow } from '../projections/flashcards';

type Db = Knex | Knex.Transaction;

/**
 * The cards the reader underlines for a review in the text (issue 39.3): due before the end of the learner's
 * day in their time zone, and not met in practice that day yet (made or last reviewed since their midnight):
 * a card just made from the page, or reviewed minutes ago and due again in ten, is no passive review.
 * Read from the index on (user, language, due date): only the due rows are touched, however many cards.
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
      .andWhereRaw('coalesce(last_review_at, created_at) < ?', [startOfDay])
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
