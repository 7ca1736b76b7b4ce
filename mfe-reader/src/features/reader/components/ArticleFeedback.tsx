import { useState } from 'react';
import { pageChunks, toast } from '@verba/kit';
import { LazyDialogButton } from './LazyDialogButton';
import { rate, useRating } from '../api/feedback-api';

const STARS = [1, 2, 3, 4, 5] as const;

/** "Average 4.2 from 3 ratings": the spec's averageRating with how many users it stands for. */
export function averageText(averageRating: number, ratings: number): string {
  if (ratings === 0) return 'No ratings yet';
  return `Average ${averageRating.toFixed(1)} from ${ratings === 1 ? '1 rating' : `${ratings} ratings`}`;
}

/** Under the text: the learner rates the article 1-5 and, for others' articles, may flag it for review. */
export function ArticleFeedback({ articleId, isAuthor }: { articleId: string; isAuthor: boolean }) {
  const rating = useRating(articleId);
  const [chosen, setChosen] = useState<number | null>(null);
  const mine = chosen ?? rating.data?.rating ?? null;

  const choose = (value: number) => {
    setChosen(value);
    rate(articleId, value).catch((error: Error) => {
      setChosen(null);
      toast({ title: 'Your rating could not be saved.', description: error.message, variant: 'destructive' });
    });
  };

  return (
    <section className="rd-feedback" aria-label="Rate this article">
      <div className="rd-feedback__rating">
        <div role="group" aria-label="Your rating" className="rd-stars">
          {STARS.map((value) => (
            <button
              key={value}
              type="button"
              className={`rd-star${mine !== null && value <= mine ? ' rd-star--on' : ''}`}
              aria-pressed={mine === value}
              aria-label={`Rate ${value} out of 5`}
              onClick={() => choose(value)}
            >
              <span aria-hidden="true">★</span>
            </button>
          ))}
        </div>
        <p className="rd-note" aria-live="polite">
          {mine !== null ? `Your rating: ${mine} of 5 · ` : ''}
          {rating.data
            ? averageText(rating.data.averageRating, rating.data.ratings)
            : rating.isError
              ? `The ratings could not be loaded (${rating.error.message}).`
              : ''}
        </p>
      </div>
      {isAuthor ? null : <FlagForReview articleId={articleId} />}
    </section>
  );
}

const loadFlagDialog = () => import('./FlagDialog');
// The dialog (Radix, about 13 KiB gzip) is fetched when a learner reaches for the button, not with the reader.
const useFlagDialog = pageChunks(loadFlagDialog);

function FlagForReview({ articleId }: { articleId: string }) {
  return (
    <LazyDialogButton
      load={loadFlagDialog}
      useChunk={useFlagDialog}
      variant="ghost"
      dialog={(chunk, close) => <chunk.FlagDialog articleId={articleId} onClose={close} />}
    >
      Flag for review
    </LazyDialogButton>
  );
}
