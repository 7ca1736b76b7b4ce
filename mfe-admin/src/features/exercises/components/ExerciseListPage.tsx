import { EmptyState, Link, QueryErrorNotice, SectionHeader, Spinner } from '@verba/kit';
import { ADMIN_PATHS, useSearchParam, withQuery } from '../../../routing/admin-paths';
import { useAdminExercises } from '../api/exercises';
import { KIND_NAMES, itemsOf, type ExerciseKind } from '../kinds';
import { WithHistory } from '../../../components/HistoryTab';

/** /app/admin/languages/exercises/missing-words?chapterId and /ask-questions?chapterId: a chapter's exercises of one kind, and their History tab. */
export function ExerciseListPage({ kind }: { kind: ExerciseKind }) {
  const chapterId = useSearchParam('chapterId');
  const exercises = useAdminExercises(chapterId);
  const data = exercises.data;
  const items = data ? itemsOf(kind, data) : [];
  const edit = kind === 'missing-words' ? ADMIN_PATHS.editMissingWords : ADMIN_PATHS.editAskQuestions;
  return (
    <main>
      <SectionHeader section="admin" title={KIND_NAMES[kind].title} subtitle={data ? `Chapter “${data.title}”` : undefined} />
      <p>
        <Link href={data ? withQuery(ADMIN_PATHS.exercises, { courseId: data.courseId }) : ADMIN_PATHS.exercises}>
          ← Back to the exercises
        </Link>
      </p>
      {!chapterId ? <p>Choose a chapter on the exercises page.</p> : null}
      {exercises.isPending && chapterId ? <Spinner label="Loading exercises…" /> : null}
      <QueryErrorNotice query={exercises} title="The exercises could not be loaded." />
      {data ? (
        <WithHistory
          entity="exercises"
          id={data.chapterId}
          label={`${KIND_NAMES[kind].title} of “${data.title}”`}
          editLabel={KIND_NAMES[kind].title}
        >
          <section className="ad-panel">
            <div className="ad-actions">
              <Link className="vk-btn vk-btn--primary vk-btn--sm" href={withQuery(edit, { chapterId: data.chapterId })}>
                Edit {KIND_NAMES[kind].title.toLowerCase()}
              </Link>
            </div>
            {items.length === 0 ? (
              <EmptyState title={`No ${KIND_NAMES[kind].title.toLowerCase()} yet`}>Learners see this chapter without them.</EmptyState>
            ) : null}
            <ol className="ad-exercises">
              {items.map((item, i) => (
                <li key={i}>
                  <span className="ad-row__title">{item.prompt}</span> <span className="ad-muted">Answer: {item.answers.join(' · ')}</span>
                </li>
              ))}
            </ol>
          </section>
        </WithHistory>
      ) : null}
    </main>
  );
}
