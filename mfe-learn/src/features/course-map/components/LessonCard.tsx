import { Link } from '@verba/kit';
import { ProgressBar } from '@verba/kit/ui';
import type { Lesson } from '@verba/contracts';
import { SUBSCRIBE_PATH, chapterPath } from '../../../paths';
import { lessonTally, percent, visibleChapters } from '../../../shared/progress';

interface Props {
  lesson: Lesson;
  number: number;
  completed: ReadonlySet<string>;
  nextChapterId: string | undefined;
}

/** Drawn, not an emoji: emoji fonts are missing on many systems. */
const LockIcon = () => (
  <svg className="ln-lock" viewBox="0 0 16 16" width="14" height="14" focusable="false">
    <rect x="3" y="7" width="10" height="8" rx="1.5" />
    <path d="M5 7V5a3 3 0 0 1 6 0v2" />
  </svg>
);

/** One lesson of the map: its progress and its chapters (completed, next, locked or open). */
export function LessonCard({ lesson, number, completed, nextChapterId }: Props) {
  const tally = lessonTally(lesson, completed);
  const headingId = `ln-lesson-${lesson.id}`;
  return (
    <section className="ln-lesson" aria-labelledby={headingId}>
      <h2 id={headingId} className="ln-lesson__title">
        <span className="ln-lesson__number">Lesson {number}</span> {lesson.title}
      </h2>
      <p className="ln-lesson__tally">
        {tally.completed} of {tally.total} chapters completed
      </p>
      <ProgressBar value={percent(tally)} label={`${lesson.title} progress`} />
      {tally.total === 0 ? <p className="ln-muted">No chapters in this lesson yet.</p> : null}
      <ol className="ln-chapters">
        {visibleChapters(lesson).map((chapter) => {
          const done = completed.has(chapter.id);
          const next = chapter.id === nextChapterId;
          return (
            <li
              key={chapter.id}
              className={`ln-chapter${done ? ' ln-chapter--done' : ''}${next ? ' ln-chapter--next' : ''}`}
              data-chapter={chapter.id}
            >
              <span className="ln-chapter__mark" aria-hidden="true">
                {chapter.locked ? <LockIcon /> : done ? '✓' : '○'}
              </span>
              {chapter.locked ? (
                <>
                  <span className="ln-chapter__title">{chapter.title}</span>
                  <span className="ln-badge">Master</span>
                  <Link href={SUBSCRIBE_PATH} className="ln-chapter__upgrade">
                    Upgrade to read
                  </Link>
                </>
              ) : (
                <>
                  <Link href={chapterPath(chapter.id)} className="ln-chapter__title">
                    {chapter.title}
                  </Link>
                  {chapter.premium ? <span className="ln-badge">Master</span> : null}
                </>
              )}
              {done ? <span className="ln-badge ln-badge--done">Completed</span> : null}
              {next ? <span className="ln-badge ln-badge--next">Next</span> : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
