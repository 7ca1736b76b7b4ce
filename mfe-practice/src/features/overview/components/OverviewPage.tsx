import { Link, QueryErrorNotice, Spinner } from '@verba/kit';
import { LANGUAGE_NAMES, formatDueLabel, dueLabel } from '@verba/contracts';
import { PRACTICE_PATHS } from '../../../paths';
import { useLearningLanguage } from '../../../shared/language';
import { NoCards } from '../../../shared/NoCards';
import { Portal } from '../../../shared/Portal';
import { useFlashcardsInfo } from '../api/info';
import { PracticeStatistics } from './PracticeStatistics';
import { SchedulerPanel } from './SchedulerPanel';

const GAMES = [
  { href: PRACTICE_PATHS.review, title: 'Review flashcards', text: 'Flip each card and rate how well you knew it; the schedule adapts.' },
  { href: PRACTICE_PATHS.matchWords, title: 'Match words', text: 'Match phrases and sentences to their translations against the clock.' },
  { href: PRACTICE_PATHS.practiceMatchWords, title: 'Match your next words', text: 'The same game with the cards that are due next.' },
  { href: PRACTICE_PATHS.quickQuiz, title: 'Quick quiz', text: 'Ten questions: pick the right translation.' },
  { href: PRACTICE_PATHS.flashcards, title: 'Browse flashcards', text: 'Search, filter, edit and delete your cards.' },
] as const;

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="pr-stat">
      <dt className="pr-stat__label">{label}</dt>
      <dd className="pr-stat__value">{value}</dd>
      {hint ? <dd className="pr-stat__hint">{hint}</dd> : null}
    </div>
  );
}

/** " Next review in 3 hours." after "Nothing is due now." (nothing when there is no next review). */
function nextReview(stamp: number | null): string {
  if (stamp === null) return '';
  const label = dueLabel(stamp, Date.now());
  return label.unit === 'mastered' ? ' Every card is mastered.' : ` Next review ${formatDueLabel(label)}.`;
}

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** /app/practice-portal: what is due, what is learned, the streak, and the ways to practice. */
export function OverviewPage() {
  const languageCode = useLearningLanguage();
  const info = useFlashcardsInfo(languageCode);
  const data = info.data;
  return (
    <Portal title="Practice" subtitle={`Flashcards and games in ${LANGUAGE_NAMES[languageCode]}`}>
      {info.isPending ? <Spinner label="Loading your practice…" /> : null}
      <QueryErrorNotice query={info} title="Your practice could not be loaded." />
      {data?.total === 0 ? <NoCards languageCode={languageCode} /> : null}
      {data && data.total > 0 ? (
        <>
          <dl className="pr-stats" aria-label="Your flashcards">
            <Stat label="Due now" value={String(data.dueNow)} />
            <Stat label="Due today" value={String(data.dueToday)} />
            <Stat label="Learned" value={String(data.learned)} hint={`of ${data.total} cards`} />
            <Stat label="Streak" value={days(data.streak)} hint={data.practicedToday ? 'Practiced today' : 'Not practiced today yet'} />
          </dl>
          <div className="pr-cta">
            {data.dueNow > 0 ? (
              <Link href={PRACTICE_PATHS.review} className="vk-btn vk-btn--primary vk-btn--md">
                Review {data.dueNow} {data.dueNow === 1 ? 'card' : 'cards'} now
              </Link>
            ) : (
              <p className="pr-muted" role="status">
                Nothing is due now.
                {nextReview(data.nextDueStamp)}
              </p>
            )}
          </div>
          <ul className="pr-games" aria-label="Ways to practice">
            {GAMES.map((game) => (
              <li key={game.href} className="pr-game">
                <Link href={game.href} className="pr-game__link">
                  {game.title}
                </Link>
                <p className="pr-game__text">{game.text}</p>
              </li>
            ))}
          </ul>
          <PracticeStatistics languageCode={languageCode} info={data} />
          <SchedulerPanel languageCode={languageCode} />
        </>
      ) : null}
    </Portal>
  );
}
