import { useState } from 'react';
import { EmptyState, ErrorNotice, Link, Spinner } from '@verba/kit';
import { LANGUAGE_NAMES, type LearningLanguage } from '@verba/contracts';
import { PRACTICE_PATHS } from '../../../paths';
import { useLearningLanguage } from '../../../shared/language';
import { NoCards } from '../../../shared/NoCards';
import { Portal } from '../../../shared/Portal';
import { useDueCardsBoard, useSentenceBoard, type Board, type BoardQuery } from '../api/match';
import { MatchGame } from './MatchGame';

function MatchScreen({
  title,
  subtitle,
  query,
  other,
}: {
  title: string;
  subtitle: string;
  query: BoardQuery;
  other: { href: string; label: string };
}) {
  const languageCode = useLearningLanguage();
  const [round, setRound] = useState(0);
  const { board, loading, error, retry, nextRound } = query;
  const playAgain = () => {
    setRound((r) => r + 1);
    nextRound();
  };
  return (
    <Portal title={title} subtitle={`${subtitle} in ${LANGUAGE_NAMES[languageCode]}`}>
      <p className="pr-switch">
        <Link href={other.href}>{other.label}</Link>
      </p>
      {loading ? <Spinner label="Shuffling the pairs…" /> : null}
      {error ? <ErrorNotice title="The game could not be loaded." detail={error.message} onRetry={retry} /> : null}
      {board && !loading ? <Round key={round} board={board} languageCode={languageCode} onPlayAgain={playAgain} /> : null}
    </Portal>
  );
}

function Round({ board, languageCode, onPlayAgain }: { board: Board; languageCode: LearningLanguage; onPlayAgain: () => void }) {
  if (board.pairs.length === 0) return <NoCards languageCode={languageCode} />;
  if (board.pairs.length < 2)
    return (
      <EmptyState title="Matching needs at least two cards">
        <p>Add one more word to your flashcards from the library, and the game can start.</p>
      </EmptyState>
    );
  return <MatchGame pairs={board.pairs} targets={board.targets} onPlayAgain={onPlayAgain} />;
}

/** /app/practice-portal/match-words: phrases and sentences from the learner's cards. */
export function MatchWordsPage() {
  const languageCode = useLearningLanguage();
  const query = useSentenceBoard(languageCode);
  return (
    <MatchScreen
      title="Match words"
      subtitle="Phrases and sentences from your cards"
      query={query}
      other={{ href: PRACTICE_PATHS.practiceMatchWords, label: 'Play with the cards due next instead' }}
    />
  );
}

/** /app/practice-portal/practice-match-words: the cards due next. */
export function PracticeMatchWordsPage() {
  const languageCode = useLearningLanguage();
  const query = useDueCardsBoard(languageCode);
  return (
    <MatchScreen
      title="Match words"
      subtitle="Your cards due next"
      query={query}
      other={{ href: PRACTICE_PATHS.matchWords, label: 'Play with phrases and sentences instead' }}
    />
  );
}
