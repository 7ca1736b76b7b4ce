import { Link } from '@verba/kit';
import { highlightSentence } from '@verba/contracts';
import type { FlashcardOrigin } from '@verba/contracts/http';
import './CardSentence.css';

/** Where a card's text opens: the reader for an article, the course page for a chapter. */
export function originHref(origin: FlashcardOrigin, originId: string): string {
  const id = encodeURIComponent(originId);
  return origin === 'article' ? `/app/library/${id}` : `/app/courses/chapter/${id}`;
}

const KIND: Record<FlashcardOrigin, string> = { article: 'article', chapter: 'chapter' };

export interface CardSentenceProps {
  sentence: string;
  /** The card's word (its front): marked where it, or a form of it, stands in the sentence. */
  word: string;
  languageCode: string;
  origin?: FlashcardOrigin | null;
  originId?: string | null;
  originName?: string | null;
  className?: string;
}

/**
 * A card's sentence with its word highlighted (<mark>), and a link back to the text it came from: the
 * learner sees the word where they met it (cards list, review).
 */
export function CardSentence({ sentence, word, languageCode, origin, originId, originName, className }: CardSentenceProps) {
  const parts = highlightSentence(sentence, word);
  return (
    <div className={['pr-sentence', className].filter(Boolean).join(' ')}>
      <p className="pr-sentence__text" lang={languageCode}>
        {parts.map((part, i) => (part.mark ? <mark key={i}>{part.text}</mark> : part.text))}
      </p>
      {origin && originId ? (
        <Link className="pr-sentence__source" href={originHref(origin, originId)}>
          {originName ? `Open the ${KIND[origin]}: ${originName}` : `Open the ${KIND[origin]}`}
        </Link>
      ) : null}
    </div>
  );
}
