import { useEffect, useState } from 'react';
import { Button, toast, useSession } from '@verba/kit';
import { LevelSchema, type Course, type CourseProgress, type LearningLanguage } from '@verba/contracts';
import { chooseStart } from '../api/courses-api';

/** "user:language" being placed from the onboarding level: once per page load, even in StrictMode. */
const placing = new Set<string>();

/**
 * A learner who finished onboarding but has no starting point in the course yet starts where their
 * onboarding level puts them (what add-after-onboarding is for), before anything is completed.
 */
export function usePlaceByOnboardingLevel(languageCode: LearningLanguage, progress: CourseProgress | null | undefined): void {
  const { user } = useSession();
  const level = LevelSchema.safeParse((user?.languageLevels as Record<string, unknown> | undefined)?.[languageCode]).data;
  const unplaced = progress && progress.startingPoint === null && progress.completedChapterIds.length === 0;
  const once = `${user?.uid}:${languageCode}`;
  useEffect(() => {
    if (!unplaced || !level || placing.has(once)) return;
    placing.add(once);
    chooseStart(languageCode, { level }).catch((error: Error) => {
      placing.delete(once);
      toast({ title: 'You could not be placed in the course.', description: error.message, variant: 'destructive' });
    });
  }, [unplaced, level, languageCode, once]);
}

/** "Start somewhere else": one button per starting point of the course. */
export function StartingPointChooser({ course, progress }: { course: Course; progress: CourseProgress }) {
  const [busy, setBusy] = useState(false);
  if (course.startingPoints.length < 2) return null;
  const choose = (startingPointId: string) => {
    setBusy(true);
    chooseStart(course.languageCode, { startingPointId }).then(
      () => setBusy(false),
      (error: Error) => {
        setBusy(false);
        toast({ title: 'The starting point could not be changed.', description: error.message, variant: 'destructive' });
      },
    );
  };
  return (
    <details className="ln-start">
      <summary>Change starting point</summary>
      <div className="ln-start__choices" role="group" aria-label="Starting points">
        {course.startingPoints.map((point) => {
          const current = point.id === progress.startingPoint?.id;
          return (
            <Button
              key={point.id}
              size="sm"
              variant={current ? 'primary' : 'secondary'}
              aria-pressed={current}
              disabled={busy}
              onClick={() => choose(point.id)}
            >
              {point.level} · {point.title}
            </Button>
          );
        })}
      </div>
    </details>
  );
}
