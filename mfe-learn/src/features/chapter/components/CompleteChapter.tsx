import { useState } from 'react';
import { Button, Link, navigate, toast } from '@verba/kit';
import type { Chapter, CourseProgress } from '@verba/contracts';
import { completeChapter } from '../api/chapter-api';
import { COURSES_PATH, SUBSCRIBE_PATH, chapterPath } from '../../../paths';

/** Where to go once a chapter is done: the next chapter when it can be read, else the course map. */
function moveOn(progress: CourseProgress | null): void {
  const next = progress?.nextChapter;
  if (next && !next.locked) navigate(chapterPath(next.chapterId));
  else navigate(COURSES_PATH);
}

/** "Complete chapter": saves it, then moves on to the next chapter to learn. */
export function CompleteChapter({ chapter, progress }: { chapter: Chapter; progress: CourseProgress | null | undefined }) {
  const [busy, setBusy] = useState(false);
  const next = progress?.nextChapter;

  const complete = () => {
    setBusy(true);
    completeChapter(chapter).then(
      (fresh) => {
        toast({ title: 'Chapter completed', description: fresh?.finished ? 'You have finished the course!' : undefined, variant: 'info' });
        moveOn(fresh);
      },
      (error: Error) => {
        setBusy(false);
        toast({ title: 'The chapter could not be completed.', description: error.message, variant: 'destructive' });
      },
    );
  };

  if (!chapter.completed) {
    return (
      <Button onClick={complete} disabled={busy} aria-busy={busy}>
        {busy ? 'Saving…' : 'Complete chapter'}
      </Button>
    );
  }
  return (
    <p className="ln-done">
      <span className="ln-badge ln-badge--done">Completed</span>{' '}
      {next && next.chapterId !== chapter.id ? (
        <Link href={next.locked ? SUBSCRIBE_PATH : chapterPath(next.chapterId)} className="vk-btn vk-btn--primary vk-btn--md">
          {next.locked ? 'Upgrade to Master for the next chapter' : 'Next chapter'}
        </Link>
      ) : (
        <Link href={COURSES_PATH}>Back to the course</Link>
      )}
    </p>
  );
}
