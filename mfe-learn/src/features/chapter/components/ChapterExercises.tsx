import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@verba/kit';
import { useChapterExercises, useCheckAnswer } from '../api/chapter-api';

type Kind = 'missing-word' | 'question';

/** The chapter's exercises after its text: fill the missing word, answer the questions; each answer is checked. */
export function ChapterExercises({ chapterId }: { chapterId: string }) {
  const exercises = useChapterExercises(chapterId);
  const data = exercises.data;
  if (!data || (data.missingWords.length === 0 && data.questions.length === 0)) return null;
  return (
    <section className="ln-block" aria-labelledby="ln-exercises">
      <h2 id="ln-exercises">Exercises</h2>
      {data.missingWords.length ? (
        <>
          <h3>Fill in the missing word</h3>
          <ol className="ln-exercises">
            {data.missingWords.map((m, i) => (
              <Exercise key={`m${i}`} chapterId={chapterId} kind="missing-word" index={i} label={`Missing word ${i + 1}`}>
                {m.before}
                <span className="ln-gap">___</span>
                {m.after}
              </Exercise>
            ))}
          </ol>
        </>
      ) : null}
      {data.questions.length ? (
        <>
          <h3>Answer the questions</h3>
          <ol className="ln-exercises">
            {data.questions.map((q, i) => (
              <Exercise key={`q${i}`} chapterId={chapterId} kind="question" index={i} label={`Answer ${i + 1}`}>
                {q.question}
              </Exercise>
            ))}
          </ol>
        </>
      ) : null}
    </section>
  );
}

/** Right (with the spelling to learn when it was typed otherwise, e.g. ss for ß), or the expected answer. */
function verdict({ correct, answers, spelledAs }: { correct: boolean; answers: string[]; spelledAs?: string | undefined }): string {
  const expected = answers.join(' / ');
  if (!correct) return `✗ Not quite. The answer is: ${expected}${/[.!?]$/.test(expected) ? '' : '.'}`;
  return spelledAs ? `✓ Right! It is spelled ${spelledAs}.` : '✓ Right!';
}

function Exercise({
  chapterId,
  kind,
  index,
  label,
  children,
}: {
  chapterId: string;
  kind: Kind;
  index: number;
  label: string;
  children: ReactNode;
}) {
  const id = useId();
  const [answer, setAnswer] = useState('');
  const check = useCheckAnswer();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (answer.trim()) check.mutate({ body: { chapterId, kind, index, answer } });
  };
  const result = check.data;
  return (
    <li className="ln-exercise">
      <p className="ln-exercise__prompt">{children}</p>
      <form className="ln-exercise__form" onSubmit={submit}>
        <label htmlFor={id} className="ln-sr-only">
          {label}
        </label>
        <input id={id} className="vk-input" value={answer} onChange={(e) => setAnswer(e.target.value)} autoComplete="off" />
        <Button type="submit" size="sm" disabled={check.isPending || !answer.trim()}>
          Check
        </Button>
      </form>
      <p className="ln-exercise__result" role="status">
        {check.isError ? check.error.message : result ? verdict(result) : ''}
      </p>
    </li>
  );
}
