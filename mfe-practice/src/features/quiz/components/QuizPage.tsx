import { useState } from 'react';
import { ErrorNotice, QueryErrorNotice, Spinner } from '@verba/kit';
import { LANGUAGE_NAMES } from '@verba/contracts';
import { useLearningLanguage } from '../../../shared/language';
import { NoCards } from '../../../shared/NoCards';
import { Portal } from '../../../shared/Portal';
import { questionsAbout, useQuizQuestions, type Questions } from '../api/quiz';
import { QuizGame } from './QuizGame';

/** A round on the questions missed, asked anew; null for the quiz's own list. */
type Retry = { state: 'loading' } | { state: 'ready'; questions: Questions } | { state: 'error'; message: string } | null;

/** /app/practice-portal/quick-quiz: multiple choice on the learner's cards. */
export function QuizPage() {
  const languageCode = useLearningLanguage();
  const { result, nextRound } = useQuizQuestions(languageCode);
  const [round, setRound] = useState(0);
  const [retry, setRetry] = useState<Retry>(null);
  const questions = retry?.state === 'ready' ? retry.questions : result.data?.questions;
  const playAgain = () => {
    setRetry(null);
    setRound((r) => r + 1);
    nextRound();
  };
  const askAgain = (ids: string[]) => {
    setRetry({ state: 'loading' });
    setRound((r) => r + 1);
    questionsAbout(languageCode, ids).then(
      (asked) => setRetry({ state: 'ready', questions: asked }),
      (error: unknown) => setRetry({ state: 'error', message: error instanceof Error ? error.message : String(error) }),
    );
  };
  const loading = result.isFetching || retry?.state === 'loading';
  return (
    <Portal title="Quick quiz" subtitle={`Pick the right translation in ${LANGUAGE_NAMES[languageCode]}`}>
      {loading ? <Spinner label="Preparing your quiz…" /> : null}
      <QueryErrorNotice query={result} title="The quiz could not be loaded." />
      {retry?.state === 'error' ? <ErrorNotice title="The quiz could not be loaded." detail={retry.message} onRetry={playAgain} /> : null}
      {questions && !loading && retry?.state !== 'error' ? (
        questions.length === 0 ? (
          <NoCards languageCode={languageCode} />
        ) : (
          <QuizGame key={round} questions={questions} onPlayAgain={playAgain} onRetry={askAgain} />
        )
      ) : null}
    </Portal>
  );
}
