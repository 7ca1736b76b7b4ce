import type { Knex } from 'knex';
import { MATCH_PAIRS, QUIZ_LENGTH, QUIZ_OPTIONS, wordKey, type LearningLanguage } from '@verba/contracts';
import type { FlashcardRow } from '../projections/flashcards';

/** Cards a game chooses from: the next ones due, so games help with what FSRS wants practiced. */
const POOL = 60;

interface GameCard {
  id: string;
  sourceValue: string;
  targetValue: string;
}

export function shuffle<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const isPhrase = (c: GameCard) => /\s/.test(c.sourceValue.trim());

/** Games built from a learner's cards (and dictionary) in one language. */
export class PracticeGames {
  constructor(
    private readonly db: Knex,
    private readonly random: () => number = Math.random,
  ) {}

  private async pool(userId: string, language: LearningLanguage): Promise<GameCard[]> {
    const rows: Pick<FlashcardRow, 'card_id' | 'source_value' | 'target_value'>[] = await this.db('flashcards')
      .where({ user_id: userId, language })
      .orderBy(['due_at', 'card_id'])
      .limit(POOL)
      .select('card_id', 'source_value', 'target_value');
    return rows.map((r) => ({ id: r.card_id, sourceValue: r.source_value, targetValue: r.target_value }));
  }

  /** Pairs to match: phrases and sentences first, then words, each in due order; targets shuffled. */
  async matchSentence(userId: string, language: LearningLanguage) {
    const pool = await this.pool(userId, language);
    const pairs = [...pool.filter(isPhrase), ...pool.filter((c) => !isPhrase(c))].slice(0, MATCH_PAIRS);
    return {
      pairs,
      targets: shuffle(
        pairs.map(({ id, targetValue }) => ({ id, targetValue })),
        this.random,
      ),
    };
  }

  /** Words of these cards that the learner's dictionary has as Uncertain. */
  private async uncertainWords(userId: string, language: LearningLanguage, cards: GameCard[]): Promise<Set<string>> {
    const keys = [...new Set(cards.map((c) => wordKey(c.sourceValue)).filter((k) => k !== ''))];
    if (keys.length === 0) return new Set();
    const rows: { word: string }[] = await this.db('practice_uncertain_words')
      .where({ user_id: userId, language })
      .whereIn('word', keys)
      .select('word');
    return new Set(rows.map((r) => r.word));
  }

  private question(card: GameCard, pool: GameCard[], uncertain: Set<string>) {
    const others = shuffle(
      pool.filter((c) => c.id !== card.id && c.targetValue !== card.targetValue),
      this.random,
    );
    const options = shuffle([card, ...others.slice(0, QUIZ_OPTIONS - 1)], this.random).map(({ id, targetValue }) => ({ id, targetValue }));
    return { id: card.id, sourceValue: card.sourceValue, options, uncertainInDictionary: uncertain.has(wordKey(card.sourceValue)) };
  }

  /** Questions on words Uncertain in the dictionary first, then in due order; wrong options from other cards. */
  async quizList(userId: string, language: LearningLanguage) {
    const pool = await this.pool(userId, language);
    const uncertain = await this.uncertainWords(userId, language, pool);
    const first = (c: GameCard) => (uncertain.has(wordKey(c.sourceValue)) ? 0 : 1);
    const chosen = [...pool].sort((a, b) => first(a) - first(b)).slice(0, QUIZ_LENGTH); // stable: due order kept
    return { questions: chosen.map((c) => this.question(c, pool, uncertain)) };
  }

  /** One question on `card` (or the next to practice); undefined when the learner has no cards. */
  async quizOne(userId: string, language: LearningLanguage, card?: GameCard) {
    const pool = await this.pool(userId, language);
    const subject = card ?? pool[0];
    if (!subject) return undefined;
    return this.question(subject, pool, await this.uncertainWords(userId, language, [subject]));
  }
}
