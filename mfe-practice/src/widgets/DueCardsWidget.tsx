import { Link, Spinner } from '@verba/kit';
import { KitProviders } from '@verba/kit/query';
import { useFlashcardsInfo } from '../features/overview/api/info';
import { PRACTICE_PATHS, LIBRARY_PATH } from '../paths';
import { useLearningLanguage } from '../shared/language';
import './widget.css';

const cards = (n: number) => `${n} ${n === 1 ? 'card' : 'cards'}`;

function DueCards() {
  const info = useFlashcardsInfo(useLearningLanguage());
  if (info.isPending) return <Spinner label="Loading your cards…" />;
  if (info.isError) return <p className="prw-text">Your cards could not be loaded. {info.error.message}</p>;
  const { dueNow, dueToday, total } = info.data;
  if (total === 0)
    return (
      <div className="prw">
        <h2 className="prw-title">Flashcards</h2>
        <p className="prw-text">No flashcards yet. Add words to your flashcards while reading.</p>
        <Link href={LIBRARY_PATH}>Open the library</Link>
      </div>
    );
  return (
    <div className="prw">
      <h2 className="prw-title">Flashcards</h2>
      <p className="prw-figures">
        <span>
          <strong className="prw-number">{dueNow}</strong> due now
        </span>
        <span>
          <strong className="prw-number">{dueToday}</strong> due today
        </span>
      </p>
      {dueNow > 0 ? (
        <Link href={PRACTICE_PATHS.review} className="vk-btn vk-btn--primary vk-btn--md">
          Review now
        </Link>
      ) : (
        <p className="prw-text">
          Nothing due now{dueToday > 0 ? `; ${cards(dueToday)} later today` : ''}. <Link href={PRACTICE_PATHS.overview}>Play a game</Link>
        </p>
      )}
    </div>
  );
}

/** The dashboard's "Cards to review" card (mounted by the shell; no props). */
export default function DueCardsWidget() {
  return (
    <KitProviders>
      <DueCards />
    </KitProviders>
  );
}
