import { useEffect, useState, type ComponentType } from 'react';
import { EmptyState, Link, Spinner, usePathname } from '@verba/kit';
import { PRACTICE_PATHS, pageAt, type PracticePage } from './paths';

type Pages = Record<PracticePage, ComponentType>;

// Page chunks keep the fragment's entry small; all load together on first mount, so moving between
// the portal's pages renders at once. (Not React.lazy: React 19 throttles a Suspense reveal by up to
// 300 ms.)
let pages: Pages | undefined;
let loading: Promise<void> | undefined;
const loadPages = () =>
  (loading ??= Promise.all([
    import('./features/overview/components/OverviewPage'),
    import('./features/flashcards/components/FlashcardsPage'),
    import('./features/review/components/ReviewPage'),
    import('./features/match/components/MatchPage'),
    import('./features/quiz/components/QuizPage'),
  ]).then(
    ([overview, flashcards, review, match, quiz]) => {
      pages = {
        overview: overview.OverviewPage,
        flashcards: flashcards.FlashcardsPage,
        review: review.ReviewPage,
        matchWords: match.MatchWordsPage,
        practiceMatchWords: match.PracticeMatchWordsPage,
        quickQuiz: quiz.QuizPage,
      };
    },
    (error: unknown) => {
      loading = undefined; // a failed chunk load may be retried (the error boundary offers it)
      throw error;
    },
  ));

/** /app/practice-portal and its subpaths (spec §2). */
export function PracticeApp() {
  const pathname = usePathname();
  const [failure, setFailure] = useState<Error | null>(null);
  const [, setLoaded] = useState(false);
  useEffect(() => {
    if (!pages) loadPages().then(() => setLoaded(true), setFailure);
  }, []);
  if (failure) throw failure;

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
