import { EmptyState, SectionHeader } from '@verba/kit';

export function PracticeApp() {
  return (
    <main>
      <SectionHeader section="practice" title="Practice" subtitle="Flashcards, match words and quick quizzes." />
      <EmptyState title="Practice is coming soon">
        <p>Flashcards and games will use the words you mark while reading. They are not available yet.</p>
      </EmptyState>
    </main>
  );
}
