import { useState } from 'react';
import { ErrorNotice, Spinner } from '@verba/kit';
import { languageName, useLearningLanguage } from '../../../shared/language';
import { NoCards } from '../../../shared/NoCards';
import { Portal } from '../../../shared/Portal';
import { useQuizQuestions } from '../api/quiz';
import { QuizGame } from './QuizGame';

/** /app/practice-portal/quick-quiz: multiple choice on the learner's cards. */
export function QuizPage() {
  const languageCode = useLearningLanguage();
  const { result, nextRound } = useQuizQuestions(languageCode);
  const [round, setRound] = useState(0);
  const questions = result.data?.questions;
  const playAgain = () => {
    setRound((r) => r + 1);
    nextRound();
  };
  return (
    <Portal title="Quick quiz" subtitle={`Pick the right translation in ${languageName(languageCode)}`}>
      {result.isFetching ? <Spinner label="Preparing your quiz…" /> : null}
      {result.isError ? <ErrorNotice title="The quiz could not be loaded." detail={result.error.message} onRetry={() => void result.refetch()} /> : null}
      {questions && !result.isFetching ? (
        questions.length === 0 ? <NoCards languageCode={languageCode} /> : <QuizGame key={round} questions={questions} onPlayAgain={playAgain} />
      ) : null}
    </Portal>
  );
}
