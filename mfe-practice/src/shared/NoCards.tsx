import { EmptyState, Link } from '@verba/kit';
import { LIBRARY_PATH } from '../paths';
import { LANGUAGE_NAMES, type LearningLanguage } from '@verba/contracts';

/** The empty state every practice page shows before the learner has any card in this language. */
export function NoCards({ languageCode, title = 'No flashcards yet' }: { languageCode: LearningLanguage; title?: string }) {
  return (
    <EmptyState
      title={title}
      action={
        <Link href={LIBRARY_PATH} className="vk-btn vk-btn--primary vk-btn--md">
          Open the library
        </Link>
      }
    >
      <p>
        Flashcards are made from words you meet while reading. Open an article in {LANGUAGE_NAMES[languageCode]}, select a word and add it
        to your flashcards; then review it here and play the games with it.
      </p>
    </EmptyState>
  );
}
