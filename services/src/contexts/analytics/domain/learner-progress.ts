import type { Knex } from 'knex';
import {
  ANALYTICS_DAYS,
  LEVEL_HINT_THRESHOLDS,
  PROGRESS_DAYS,
  currentStreak,
  levelHint,
  longestStreak,
  type DashboardFigures,
  type FsrsState,
  type LearningLanguage,
  type ProgressDay,
} from '@verba/contracts';
import type { TableNames } from '../../../platform/projections/projection';

const DAY_MS = 86_400_000;
const dayString = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The `n` UTC days ending on `today`, oldest first. */
const lastDays = (today: string, n: number) => Array.from({ length: n }, (_, i) => dayString(Date.parse(today) - (n - 1 - i) * DAY_MS));

/** The learner's dashboard figures from the analytics tables: one user's rows only, so always small. */
export async function dashboardFigures(
  db: Knex,
  t: TableNames,
  userId: string,
  language: LearningLanguage,
  now: Date,
): Promise<DashboardFigures> {
  const today = dayString(now.getTime());
  const [words, activity] = await Promise.all([
    db(t('analytics_words'))
      .where({ user_id: userId, language })
      .select(
        db.raw("count(*) filter (where status = 'known') as known"),
        db.raw("count(*) filter (where status = 'uncertain') as uncertain"),
      )
      .first() as Promise<{ known: string; uncertain: string }>,
    db(t('analytics_activity'))
      .where({ user_id: userId, language })
      .where('day', '<=', today)
      .select(db.raw("to_char(day, 'YYYY-MM-DD') as day"), 'reads', 'reviews', 'words', 'seconds') as Promise<
      { day: string; reads: number; reviews: number; words: number; seconds: number }[]
    >,
  ]);
  const known = Number(words?.known ?? 0);
  const uncertain = Number(words?.uncertain ?? 0);
  const byDay = new Map(activity.map((a) => [a.day, a]));
  const days: ProgressDay[] = lastDays(today, PROGRESS_DAYS).map((day) => {
    const a = byDay.get(day);
    return { day, words: a?.words ?? 0, reads: a?.reads ?? 0, reviews: a?.reviews ?? 0, seconds: a?.seconds ?? 0 };
  });
  return {
    languageCode: language,
    wordsKnown: known,
    wordsUncertain: uncertain,
    levelHint: levelHint({ known, uncertain }),
    nextLevelAt: LEVEL_HINT_THRESHOLDS.find((n) => n > known + uncertain) ?? null,
    streak: currentStreak(new Set(byDay.keys()), today),
    activeToday: byDay.has(today),
    timeSpent: activity.reduce((s, a) => s + a.seconds, 0),
    days,
  };
}

/**
 * The learner's flashcards/analytics from the analytics tables: reviews per day over the last
 * ANALYTICS_DAYS, the current and longest streak of practice days, the cards held by FSRS state, and
 * retention (1 - lapses / scheduled reviews of the cards held; null before the first review).
 */
export async function flashcardFigures(db: Knex, t: TableNames, userId: string, language: LearningLanguage, now: Date) {
  const today = dayString(now.getTime());
  const cards = () => db(t('analytics_cards')).where({ user_id: userId, language });
  const [practice, states, held] = await Promise.all([
    db(t('analytics_activity'))
      .where({ user_id: userId, language })
      .where('reviews', '>', 0)
      .orderBy('day')
      .select(db.raw("to_char(day, 'YYYY-MM-DD') as day"), 'reviews') as Promise<{ day: string; reviews: number }[]>,
    cards().groupBy('state').select('state', db.raw('count(*) as n')) as Promise<{ state: FsrsState; n: string }[]>,
    cards().first(db.raw('coalesce(sum(reps), 0) as reviews'), db.raw('coalesce(sum(lapses), 0) as lapses')) as Promise<
      { reviews: string; lapses: string } | undefined
    >,
  ]);
  const cardsByState: Record<FsrsState, number> = { new: 0, learning: 0, review: 0, relearning: 0 };
  for (const s of states) cardsByState[s.state] = Number(s.n);
  const reviews = Number(held?.reviews ?? 0);
  const lapses = Number(held?.lapses ?? 0);
  const byDay = new Map(practice.map((d) => [d.day, d.reviews]));
  return {
    languageCode: language,
    streak: currentStreak(new Set(byDay.keys()), today),
    longestStreak: longestStreak(practice.map((d) => d.day)),
    days: lastDays(today, ANALYTICS_DAYS).map((day) => ({ day, reviews: byDay.get(day) ?? 0 })),
    cardsByState,
    retention: { reviews, lapses, rate: reviews ? Math.round((1 - lapses / reviews) * 1000) / 1000 : null },
  };
}
