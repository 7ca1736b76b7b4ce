import { QueryErrorNotice, Spinner } from '@verba/kit';
import type { LearningLanguage } from '@verba/contracts';
import type { FlashcardsInfoSchema } from '@verba/contracts/http';
import type { z } from 'zod';
import { useFlashcardsAnalytics } from '../api/analytics';
import { ReviewsChart } from './ReviewsChart';
import '../statistics.css';

type Info = z.output<typeof FlashcardsInfoSchema>;

const STATES = [
  ['new', 'New', 'Not reviewed yet'],
  ['learning', 'Learning', 'In their first steps'],
  ['review', 'Learned', 'Graduated to longer intervals'],
  ['relearning', 'Relearning', 'Forgotten, back in short steps'],
] as const;

const percent = (rate: number) => `${Math.round(rate * 100)}%`;

/** The practice portal's statistics: reviews per day, retention, cards by state (issue 21 scope 3). */
export function PracticeStatistics({ languageCode, info }: { languageCode: LearningLanguage; info: Info }) {
  const stats = useFlashcardsAnalytics(languageCode);
  const data = stats.data;
  return (
    <section className="pr-statistics" aria-labelledby="pr-statistics-title">
      <h2 id="pr-statistics-title" className="pr-statistics__title">
        Statistics
      </h2>
      {stats.isPending ? <Spinner label="Loading your statistics…" /> : null}
      <QueryErrorNotice query={stats} title="Your statistics could not be loaded." />
      {data ? (
        <>
          <dl className="pr-stats" aria-label="Practice statistics">
            <div className="pr-stat">
              <dt className="pr-stat__label">Retention</dt>
              <dd className="pr-stat__value">{data.retention.rate === null ? '–' : percent(data.retention.rate)}</dd>
              <dd className="pr-stat__hint">
                {data.retention.rate === null
                  ? 'No reviews yet'
                  : `${data.retention.lapses} of ${data.retention.reviews} ${data.retention.reviews === 1 ? 'review' : 'reviews'} forgot a learned card`}
              </dd>
            </div>
            <div className="pr-stat">
              <dt className="pr-stat__label">Longest streak</dt>
              <dd className="pr-stat__value">{data.longestStreak}</dd>
              <dd className="pr-stat__hint">{data.longestStreak === 1 ? 'day' : 'days'} in a row</dd>
            </div>
            <div className="pr-stat">
              <dt className="pr-stat__label">Known · Uncertain</dt>
              <dd className="pr-stat__value">
                {info.known} · {info.uncertain}
              </dd>
              <dd className="pr-stat__hint">{info.mastered} mastered (next review over 180 days away)</dd>
            </div>
          </dl>
          <ReviewsChart days={data.days} />
          <h3 className="pr-statistics__subtitle">Cards by state</h3>
          <ul className="pr-states" aria-label="Cards by state">
            {STATES.map(([state, label, hint]) => (
              <li key={state} className={`pr-state pr-state--${state}`}>
                <span className="pr-state__count">{data.cardsByState[state] ?? 0}</span>
                <span className="pr-state__label">{label}</span>
                <span className="pr-state__hint">{hint}</span>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
