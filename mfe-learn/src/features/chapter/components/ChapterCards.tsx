import { Button, Link, toast } from '@verba/kit';
import { FLASHCARD_SENTENCE_MAX, sentenceWith, type LearningLanguage, type VocabularyPair } from '@verba/contracts';
import { chapterCardsPath } from '../../../paths';
import { missingPairs, useAddChapterCards, useChapterCards } from '../api/cards-api';

interface Props {
  chapter: { id: string; title: string; text: string; languageCode: LearningLanguage; vocabulary: readonly VocabularyPair[] };
}

const cards = (n: number) => `${n} ${n === 1 ? 'card' : 'cards'}`;
const words = (n: number) => `${n} ${n === 1 ? 'word' : 'words'}`;

/** Under the vocabulary list: add the chapter's words as flashcards (only those without a card from it yet). */
export function ChapterCards({ chapter }: Props) {
  const existing = useChapterCards(chapter.languageCode, chapter.id);
  const add = useAddChapterCards();
  if (chapter.vocabulary.length === 0) return null;
  if (existing.isPending) return <p className="ln-muted">Looking for your cards from this chapter…</p>;
  if (existing.isError) {
    return (
      <p className="ln-warning" role="status">
        Your cards from this chapter could not be loaded ({existing.error.message}).{' '}
        <Button size="sm" variant="ghost" onClick={() => void existing.refetch()}>
          Retry
        </Button>
      </p>
    );
  }
  const have = existing.data.flashcards.length;
  const missing = missingPairs(chapter.vocabulary, existing.data.flashcards);

  const addAll = () =>
    add.mutate(
      {
        body: {
          languageCode: chapter.languageCode,
          chapterId: chapter.id,
          chapterName: chapter.title,
          // Each card keeps the chapter's sentence its word stands in (issue 39.1), when the text has one.
          flashcards: missing.map((pair) => {
            // A run-on sentence is cut as the reader cuts one (the route takes no longer).
            const sentence = Array.from(sentenceWith(chapter.text, pair.word) ?? '')
              .slice(0, FLASHCARD_SENTENCE_MAX)
              .join('');
            return { sourceValue: pair.word, targetValue: pair.translation, ...(sentence ? { sentence } : {}) };
          }),
        },
      },
      {
        onSuccess: () => toast({ title: `${words(missing.length)} added to your flashcards` }),
        onError: (error) =>
          toast({ title: 'The words could not be added to your flashcards.', description: error.message, variant: 'destructive' }),
      },
    );

  return (
    <div className="ln-chapter-cards">
      <p className="ln-muted" role="status">
        {have === 0 ? 'No flashcards from this chapter yet.' : `${cards(have)} from this chapter in your flashcards.`}
      </p>
      <div className="ln-chapter-cards__actions">
        {missing.length > 0 ? (
          <Button onClick={addAll} disabled={add.isPending}>
            {add.isPending
              ? 'Adding…'
              : have === 0
                ? `Add ${words(missing.length)} as flashcards`
                : `Add the other ${words(missing.length)} as flashcards`}
          </Button>
        ) : null}
        {have > 0 ? <Link href={chapterCardsPath(chapter.id)}>See them in your flashcards</Link> : null}
      </div>
    </div>
  );
}
