import { useEffect, useRef, useState } from 'react';
import { Button, toast } from '@verba/kit';
import { ProgressBar } from '@verba/kit/ui';
import type { z } from 'zod';
import type { QuizQuestionSchema } from '@verba/contracts';
import { notAShortcut } from '../../../shared/keys';
import { ResultActions } from '../../../shared/ResultActions';
import { answerQuestion } from '../api/quiz';

type Question = z.infer<typeof QuizQuestionSchema>;
interface Answer {
  question: Question;
  answerId: string;
  correct: boolean;
}

const rightOption = (q: Question) => q.options.find((o) => o.id === q.id);

/** One question at a time: pick a translation (click or keys 1-4), see whether it was right, go on. */
export function QuizGame({
  questions,
  onPlayAgain,
  onRetry,
}: {
  questions: readonly Question[];
  onPlayAgain: () => void;
  onRetry: (ids: string[]) => void;
}) {
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<Answer[]>([]);
  const [checking, setChecking] = useState<string | null>(null);
  const next = useRef<HTMLButtonElement>(null);
  const question = questions[index];
  const answer = answers[index];

  const choose = async (answerId: string) => {
    if (!question || answer || checking) return;
    setChecking(answerId);
    try {
      const correct = await answerQuestion(question.id, answerId);
      setAnswers((list) => [...list, { question, answerId, correct }]);
    } catch (error) {
      toast({
        title: 'Your answer could not be checked.',
        description: error instanceof Error ? error.message : undefined,
        variant: 'destructive',
      });
    } finally {
      setChecking(null);
    }
  };

  // The keys act on the question shown: the listener reads the latest handlers (kept after each render).
  const keys = useRef({ choose, question });
  useEffect(() => {
    keys.current = { choose, question };
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (notAShortcut(event)) return;
      const option = keys.current.question?.options[Number(event.key) - 1];
      if (option) void keys.current.choose(option.id);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  useEffect(() => {
    if (answer) next.current?.focus();
  }, [answer]);

  if (!question) {
    const right = answers.filter((a) => a.correct).length;
    const missed = answers.filter((a) => !a.correct);
    return (
      <section className="pr-result" aria-labelledby="quiz-result-title">
        <h2 id="quiz-result-title">Quiz complete</h2>
        <p>
          {right} of {answers.length} correct.
        </p>
        {missed.length > 0 ? (
          <>
            <h3>To practise again</h3>
            <ul className="pr-missed">
              {missed.map(({ question: q }) => (
                <li key={q.id}>
                  <strong>{q.sourceValue}</strong> — {rightOption(q)?.targetValue}
                </li>
              ))}
            </ul>
          </>
        ) : null}
        <ResultActions again="Play again" onAgain={onPlayAgain}>
          {missed.length > 0 ? (
            <Button variant="secondary" onClick={() => onRetry(missed.map((a) => a.question.id))}>
              Ask the missed ones again
            </Button>
          ) : null}
        </ResultActions>
      </section>
    );
  }

  const optionClass = (id: string) => {
    if (!answer) return 'pr-option';
    if (answer.correct ? id === answer.answerId : id === question.id) return 'pr-option pr-option--right';
    return id === answer.answerId ? 'pr-option pr-option--wrong' : 'pr-option';
  };
  return (
    <section className="pr-quiz" aria-labelledby="quiz-question">
      <div className="pr-review__progress">
        <ProgressBar value={(answers.length / questions.length) * 100} label="Quiz progress" />
        <span className="pr-muted">
          Question {index + 1} of {questions.length}
        </span>
      </div>
      <h2 id="quiz-question" className="pr-quiz__word">
        {question.sourceValue}
      </h2>
      {question.uncertainInDictionary ? <p className="pr-muted">Marked uncertain in your dictionary</p> : null}
      <ol className="pr-options" aria-label="Translations">
        {question.options.map((o, i) => (
          <li key={o.id}>
            <button
              type="button"
              className={optionClass(o.id)}
              disabled={!!answer || checking !== null}
              onClick={() => void choose(o.id)}
              aria-keyshortcuts={String(i + 1)}
            >
              <kbd>{i + 1}</kbd> {o.targetValue}
            </button>
          </li>
        ))}
      </ol>
      <p role="status" className="pr-quiz__feedback">
        {answer
          ? answer.correct
            ? 'Correct!'
            : `Not quite: “${question.sourceValue}” is “${rightOption(question)?.targetValue ?? ''}”.`
          : ''}
      </p>
      {answer ? (
        <button type="button" ref={next} className="vk-btn vk-btn--primary vk-btn--md" onClick={() => setIndex((i) => i + 1)}>
          {index + 1 < questions.length ? 'Next question' : 'See your result'}
        </button>
      ) : null}
    </section>
  );
}
