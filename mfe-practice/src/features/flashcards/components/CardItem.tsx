import { Button } from '@verba/kit';
import type { Flashcard } from '@verba/contracts';
import { CardSentence } from '../../../shared/CardSentence';
import { dueText, lastPracticedText } from '../labels';

const ORIGIN: Record<'article' | 'chapter', string> = { article: 'Article', chapter: 'Chapter' };

function originText(card: Flashcard): string {
  if (!card.origin) return 'Added by hand';
  return card.originName ? `${ORIGIN[card.origin]}: ${card.originName}` : ORIGIN[card.origin];
}

interface Props {
  card: Flashcard;
  now: number;
  /** The learner's time zone: "Last practiced today" is their today. */
  zone: string;
  onEdit: (card: Flashcard) => void;
  onDelete: (card: Flashcard) => void;
  onToggleStatus: (card: Flashcard) => void;
}

/** One card of the list: both sides, status, origin, its due and last-practiced labels, and its actions. */
export function CardItem({ card, now, zone, onEdit, onDelete, onToggleStatus }: Props) {
  const known = card.status === 'known';
  return (
    <li className="pr-card" aria-label={card.sourceValue}>
      <div className="pr-card__sides">
        <p className="pr-card__source" lang={card.languageCode}>
          {card.sourceValue}
        </p>
        <p className="pr-card__target">{card.targetValue}</p>
        {card.sentence ? (
          <CardSentence
            className="pr-card__sentence"
            sentence={card.sentence}
            word={card.sourceValue}
            languageCode={card.languageCode}
            origin={card.origin}
            originId={card.originId}
            originName={card.originName}
          />
        ) : null}
      </div>
      <p className="pr-card__meta">
        <span className={`pr-badge pr-badge--${card.status}`}>{known ? 'Known' : 'Uncertain'}</span>
        <span className="pr-card__due">{dueText(card, now)}</span>
        <span className="pr-card__last">{lastPracticedText(card, now, zone)}</span>
        <span className="pr-card__origin">{originText(card)}</span>
      </p>
      <div className="pr-card__actions">
        <Button size="sm" variant="secondary" onClick={() => onToggleStatus(card)}>
          {known ? 'Mark uncertain' : 'Mark known'}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => onEdit(card)}>
          Edit
        </Button>
        <Button size="sm" variant="ghost" onClick={() => onDelete(card)}>
          Delete
        </Button>
      </div>
    </li>
  );
}
