import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Button, Spinner, toast } from '@verba/kit';
import { Dialog } from '@verba/kit/ui';
import type { LearnFirst, LearnFirstWord } from '@verba/contracts/http';
import { useMarkMany } from '../api/reader-api';
import { makeCards, useLearnFirst } from '../api/learn-first-api';
import './learn-first.css';

interface Props {
  /** The article read; undefined while it is not known (the button then does nothing). */
  articleId: string | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens it (focus goes back to it on closing); none when the opener handles focus. */
  trigger?: ReactNode;
}

/**
 * "Learn these first" (issue 39.7): the word families of this text the learner does not know yet, most
 * frequent first, just as many as lift it to 95% known, each with its meaning and how often it occurs.
 * "Make cards" makes a card of each ticked word (one a word: a word with a card gets none); "Known" marks
 * the word's base word and the forms the text writes Known, so the list, the share and the library's label follow.
 */
export function LearnFirstDialog({ articleId, open, onOpenChange, trigger }: Props) {
  const answer = useLearnFirst(articleId, open);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={trigger}
      title="Learn these first"
      description="The words of this text you do not know yet, most frequent first: learn them and the text is 95% known."
      className="rd-learn-first"
    >
      {answer.data ? (
        // A new list (after a mark) starts with its words ticked again.
        <WordList key={answer.data.words.map((w) => w.word).join(',')} data={answer.data} />
      ) : answer.isError ? (
        <p className="rd-warning" role="alert">
          The words could not be loaded ({answer.error.message}).
        </p>
      ) : (
        <Spinner label="Finding the words to learn…" />
      )}
    </Dialog>
  );
}

function WordList({ data }: { data: LearnFirst }) {
  const { words, knownPercent, knownPercentAfter, targetPercent } = data;
  const { register, handleSubmit, formState } = useForm<{ chosen: string[] }>({
    defaultValues: { chosen: words.filter((w) => w.meaning).map((w) => w.word) },
  });
  const [made, setMade] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const markMany = useMarkMany(data.languageCode);

  if (words.length === 0) {
    return (
      <p className="rd-learn-first__done" role="status">
        You already know {knownPercent}% of this text: nothing to learn first. Enjoy reading!
      </p>
    );
  }

  const submit = handleSubmit(async ({ chosen }) => {
    setError(null);
    const picked = words.filter((w) => chosen.includes(w.word));
    try {
      const count = await makeCards(data, picked);
      const text = `${count} ${count === 1 ? 'card' : 'cards'} made`;
      setMade(text);
      toast({ title: text });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  });

  // The base word and every form the text writes: the base alone knows the family only where the dictionary's links
  // agree both ways ("Sonne" -> "sonnen", but "sonnen" -> "sonne"), and Ignored is each form's own (a name).
  const mark = (word: LearnFirstWord, status: 'known' | 'ignored') =>
    markMany(
      null,
      [...new Set([word.word, ...word.forms])].map((value) => ({ value, status })),
    ).then(
      () => toast({ title: `“${word.word}” marked ${status === 'known' ? 'Known' : 'Ignored'}` }),
      (e: unknown) => setError(e instanceof Error ? e.message : String(e)),
    );

  return (
    <form onSubmit={submit} className="rd-learn-first__form">
      <p className="rd-learn-first__share">
        Known now: {knownPercent}% → {knownPercentAfter}% after these
        {knownPercentAfter < targetPercent ? ` (${words.length} words shown)` : ''}
      </p>
      {data.estimated ? (
        <p className="rd-learn-first__note">
          Counted from the words you have marked; the library still estimates this text’s label from your level.
        </p>
      ) : null}
      <ul className="rd-learn-first__words" aria-label="Words to learn">
        {words.map((w) => (
          <li key={w.word} className="rd-learn-first__word">
            <label>
              <input type="checkbox" value={w.word} disabled={!w.meaning} {...register('chosen')} />
              <span className="rd-learn-first__base" lang={data.languageCode}>
                {w.word}
              </span>
              <span className="rd-learn-first__meaning">{w.meaning ?? 'No meaning in the dictionary'}</span>
              <span className="rd-learn-first__count">
                {w.count}× {w.forms.some((f) => f !== w.word) ? <span lang={data.languageCode}>({w.forms.join(', ')})</span> : null}
              </span>
            </label>
            <span className="rd-learn-first__marks">
              {w.meaning ? null : (
                <Button size="sm" variant="ghost" type="button" onClick={() => void mark(w, 'ignored')} aria-label={`Ignore “${w.word}”`}>
                  Ignore
                </Button>
              )}
              <Button
                size="sm"
                variant="secondary"
                type="button"
                onClick={() => void mark(w, 'known')}
                aria-label={`Mark “${w.word}” Known`}
              >
                Known
              </Button>
            </span>
          </li>
        ))}
      </ul>
      <div className="rd-learn-first__actions">
        <Button type="submit" disabled={formState.isSubmitting}>
          Make cards
        </Button>
        {made ? <span role="status">{made}</span> : null}
      </div>
      {error ? (
        <p className="rd-warning" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}
