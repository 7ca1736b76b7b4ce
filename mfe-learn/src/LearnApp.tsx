import { EmptyState, SectionHeader } from '@verba/kit';

export function LearnApp() {
  return (
    <main>
      <SectionHeader section="courses" title="Courses" subtitle="Structured lessons, chapter by chapter." />
      <EmptyState title="Courses are coming soon">
        <p>Guided courses are not available yet. Meanwhile, read articles in the library to grow your vocabulary.</p>
      </EmptyState>
    </main>
  );
}
