import { Button } from '@verba/kit';
import type { DueWord, LearningLanguage } from '@verba/contracts';
import type { ReviewInText } from './use-review-in-text';
import './due.css';

interface Props {
  card: DueWord;
  languageCode: LearningLanguage;
  review: Pick<ReviewInText, 'confirm' | 'resultOf' | 'pending'>;
}

/**
 * The card of the selected word when it is due today (a tap on the underline shows it): its front, back and
 * sentence, and "I knew it here" (the G key in the text), a review rated Good.
 */
export function DueCard({ card, languageCode, review }: Props) {
  const result = review.resultOf(card);
  return (
    <section className="rd-due-card" aria-label="Flashcard due today">
      <p className="rd-due-card__title">{result ? 'Reviewed here today' : 'Flashcard due today'}</p>
      <dl className="rd-due-card__sides">
        <dt>Front</dt>
        <dd lang={languageCode}>{card.sourceValue}</dd>
        <dt>Back</dt>
        <dd>{card.targetValue}</dd>
        {card.sentence ? (
          <>
            <dt>Sentence</dt>
            <dd lang={languageCode}>{card.sentence}</dd>
          </>
        ) : null}
      </dl>
      {result ? <p className="rd-due-card__result">{result}</p> : null}
      <Button
        size="sm"
        variant={result ? 'secondary' : 'primary'}
        aria-keyshortcuts="G"
        disabled={review.pending}
        onClick={() => review.confirm(card)}
      >
        I knew it here
      </Button>
    </section>
  );
}
