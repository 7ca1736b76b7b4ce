import type { ComponentType } from 'react';
import { EmptyState, Link, Spinner, pageChunks, usePathname, useTimeSpent } from '@verba/kit';
import { recordTime } from '@verba/contracts/http';
import { PRACTICE_PATHS, pageAt, type PracticePage } from './paths';

type Pages = Record<PracticePage, ComponentType>;

// The portal's pages load together on first mount (see pageChunks).
const usePages = pageChunks((): Promise<Pages> =>
  Promise.all([
    import('./features/overview/components/OverviewPage'),
    import('./features/flashcards/components/FlashcardsPage'),
    import('./features/review/components/ReviewPage'),
    import('./features/match/components/MatchPage'),
    import('./features/quiz/components/QuizPage'),
  ]).then(([overview, flashcards, review, match, quiz]) => ({
    overview: overview.OverviewPage,
    flashcards: flashcards.FlashcardsPage,
    review: review.ReviewPage,
    matchWords: match.MatchWordsPage,
    practiceMatchWords: match.PracticeMatchWordsPage,
    quickQuiz: quiz.QuizPage,
  })),
);

/** /app/practice-portal and its subpaths (spec §2). */
export function PracticeApp() {
  const pathname = usePathname();
  const pages = usePages();
  // Practice runs in the learner's current language, which the server fills in.
  useTimeSpent(recordTime);

  const page = pageAt(pathname);
  if (!page)
    return (
      <main>
        <EmptyState title="This practice page does not exist" action={<Link href={PRACTICE_PATHS.overview}>Go to Practice</Link>} />
      </main>
    );
  if (!pages) return <Spinner label="Loading…" />;
  const Page = pages[page];
  return <Page />;
}
