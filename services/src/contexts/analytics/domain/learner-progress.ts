import type { Knex } from 'knex';
import {
  ANALYTICS_DAYS,
  LEVEL_HINT_THRESHOLDS,
  PROGRESS_DAYS,
  QUARTER_HOUR_MS,
  YEAR_DAYS,
  activeDay,
  addLocalDays,
  currentStreak,
  goalMet,
  goalStreak,
  wordsPerMinute,
  familyBaseOf,
  familyCounts,
  familyLevelHint,
  localDay,
  longestStreak,
  type DailyGoal,
  type DashboardFigures,
  type FamilyOverrides,
  type FsrsState,
  type LearningLanguage,
  type ProgressDay,
  type TextReading,
} from '@verba/contracts';
import { baseForms } from '../../../platform/base-forms';
import type { TableNames } from '../../../platform/projections/projection';

/** The `n` calendar days ending on `today`, oldest first. */
const lastDays = (today: string, n: number) => Array.from({ length: n }, (_, i) => addLocalDays(today, i - (n - 1)));

type Counts = { reads: number; reviews: number; words: number; seconds: number; readSeconds: number; pages: number; wordsRead: number };

/**
 * A learner's activity summed by their own days (YYYY-MM-DD in `zone`, ascending), from the quarter hours it
 * was counted in: a day with any row was active. Admin figures count UTC days (analytics_activity); these are
 * what a learner sees of their own days.
 */
async function learnerDays(db: Knex, t: TableNames, userId: string, language: LearningLanguage, zone: string) {
  const day = db.raw("to_char((to_timestamp(quarter_hour * ?) at time zone ?)::date, 'YYYY-MM-DD')", [QUARTER_HOUR_MS / 1000, zone]);
  const rows = (await db(t('analytics_learner_times'))
    .where({ user_id: userId, language })
    .select({ day })
    .sum({
      reads: 'reads',
      reviews: 'reviews',
      words: 'words',
      seconds: 'seconds',
      readSeconds: 'read_seconds',
      pages: 'pages',
      wordsRead: 'words_read',
    })
    .groupBy('day')
    .orderBy('day')) as unknown as ({ day: string } & Record<keyof Counts, string>)[];
  return rows.map((r) => ({
    day: r.day,
    reads: Number(r.reads),
    reviews: Number(r.reviews),
    words: Number(r.words),
    seconds: Number(r.seconds),
    readSeconds: Number(r.readSeconds),
    pages: Number(r.pages),
    wordsRead: Number(r.wordsRead),
  }));
}

/**
 * The learner's dashboard figures from the analytics tables, in days of their time zone: one user's rows only,
 * so always small. Words count as forms and as families (a base word and its forms, as the learner's own
 * choices, admins' corrections and the dictionary give them); the level hint counts families (issue 38.2).
 */
export async function dashboardFigures(
  db: Knex,
  t: TableNames,
  userId: string,
  language: LearningLanguage,
  now: Date,
  zone: string,
  /** The learner's own family choices and admins' corrections (vocabulary's): none, the dictionary's families alone. */
  ownFamilies: Promise<FamilyOverrides> = Promise.resolve({}),
  /** The learner's daily goal (identity's settings): the streak counts the days it was met; null, days with any activity. */
  goal: DailyGoal | null = null,
): Promise<DashboardFigures> {
  const today = localDay(now, zone);
  const [words, all, forms, overrides] = await Promise.all([
    db(t('analytics_words'))
      .where({ user_id: userId, language })
      .whereIn('status', ['known', 'uncertain'])
      .select<{ word: string; status: string }[]>('word', 'status'),
    learnerDays(db, t, userId, language, zone),
    baseForms.of(language),
    ownFamilies,
  ]);
  const activity = all.filter((d) => d.day <= today);
  const known = words.filter((w) => w.status === 'known').length;
  const uncertain = words.length - known;
  const families = familyCounts(
    words,
    familyBaseOf((word) => forms.baseOf(word), overrides),
  );
  const counted = families.familiesKnown + families.familiesUncertain;
  const byDay = new Map(activity.map((a) => [a.day, a]));
  const goalDays = activity.map((a) => ({ day: a.day, words: a.words, reviews: a.reviews, readSeconds: a.readSeconds, pages: a.pages }));
  const yearStart = addLocalDays(today, 1 - YEAR_DAYS);
  const todayCounts = byDay.get(today);
  const todays = {
    words: todayCounts?.words ?? 0,
    reviews: todayCounts?.reviews ?? 0,
    readSeconds: todayCounts?.readSeconds ?? 0,
    pages: todayCounts?.pages ?? 0,
  };
  const days: ProgressDay[] = lastDays(today, PROGRESS_DAYS).map((day) => {
    const a = byDay.get(day);
    return { day, words: a?.words ?? 0, reads: a?.reads ?? 0, reviews: a?.reviews ?? 0, seconds: a?.seconds ?? 0 };
  });
  return {
    languageCode: language,
    wordsKnown: known,
    wordsUncertain: uncertain,
    ...families,
    levelHint: familyLevelHint(families),
    nextLevelAt: LEVEL_HINT_THRESHOLDS.find((n) => n > counted) ?? null,
    streak: goal ? goalStreak(goalDays, goal, today) : currentStreak(new Set(byDay.keys()), today),
    activeToday: byDay.has(today),
    timeSpent: activity.reduce((s, a) => s + a.seconds, 0),
    days,
    goal,
    today: todays,
    goalMet: goal ? goalMet(goal, todays) : false,
    wordsRead: activity.reduce((s, a) => s + a.wordsRead, 0),
    year: goalDays.filter((d) => d.day >= yearStart && activeDay(d)),
  };
}

/**
 * The learner's flashcards/analytics from the analytics tables: reviews per day over the last
 * ANALYTICS_DAYS, the current and longest streak of practice days, the cards held by FSRS state, and
 * retention (1 - lapses / scheduled reviews of the cards held; null before the first review).
 */
export async function flashcardFigures(db: Knex, t: TableNames, userId: string, language: LearningLanguage, now: Date, zone: string) {
  const today = localDay(now, zone);
  const cards = () => db(t('analytics_cards')).where({ user_id: userId, language });
  const [days, states, held] = await Promise.all([
    learnerDays(db, t, userId, language, zone),
    cards().groupBy('state').select('state', db.raw('count(*) as n')) as Promise<{ state: FsrsState; n: string }[]>,
    cards().first(db.raw('coalesce(sum(reps), 0) as reviews'), db.raw('coalesce(sum(lapses), 0) as lapses')) as Promise<
      { reviews: string; lapses: string } | undefined
    >,
  ]);
  const practice = days.filter((d) => d.reviews > 0); // a day whose reviews were all undone was not practised
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

/** The learner's words read, pages read, their seconds and words a minute in one text (zeros for a text never read). */
export async function textReading(db: Knex, t: TableNames, userId: string, articleId: string): Promise<TextReading> {
  const row = (await db(t('analytics_texts'))
    .where({ user_id: userId, article_id: articleId })
    .first(
      db.raw('coalesce(sum(words_read), 0) as words'),
      db.raw('coalesce(sum(pages), 0) as pages'),
      db.raw('coalesce(sum(read_seconds), 0) as seconds'),
    )) as { words: string; pages: string; seconds: string } | undefined;
  const words = Number(row?.words ?? 0);
  const seconds = Number(row?.seconds ?? 0);
  return { articleId, wordsRead: words, pagesRead: Number(row?.pages ?? 0), seconds, wordsPerMinute: wordsPerMinute(words, seconds) };
}
