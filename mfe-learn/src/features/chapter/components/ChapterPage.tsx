import { useEffect, useMemo, useRef } from 'react';
import { ApiError, Link, MasterOnlyNotice, QueryErrorNotice, Spinner, useTimeSpent } from '@verba/kit';
import { recordTime } from '@verba/contracts/http';
import { COURSE_MESSAGES, type Chapter } from '@verba/contracts';
import { useLessons, useProgress } from '../../../shared/courses-api';
import { findChapter } from '../../../shared/progress';
import { useChapter } from '../api/chapter-api';
import { MatchWords } from './MatchWords';
import { ChapterExercises } from './ChapterExercises';
import { useMarkWord, useWordStatuses, type WordStatus } from '../api/words-api';
import { COURSES_PATH } from '../../../paths';
import { ChapterAudio } from './ChapterAudio';
import { ChapterText, translationsOf } from './ChapterText';
import { CompleteChapter } from './CompleteChapter';
import { VocabularyList } from './VocabularyList';
import { ChapterCards } from './ChapterCards';
import { ChapterNav } from './ChapterNav';

const NO_STATUSES: ReadonlyMap<string, WordStatus> = new Map();
const back = (
  <p>
    <Link href={COURSES_PATH}>← Course map</Link>
  </p>
);

/** /app/courses/chapter/<id>: read the chapter, learn its words, match them, complete it. */
export function ChapterPage({ chapterId }: { chapterId: string }) {
  const chapter = useChapter(chapterId);
  if (chapter.isPending) return <Spinner label="Loading the chapter…" />;
  if (chapter.isError) {
    const premium = chapter.error instanceof ApiError && chapter.error.status === 403;
    return (
      <main className="ln-page">
        {back}
        {premium ? (
          <MasterOnlyNotice message={COURSE_MESSAGES.premiumChapter} />
        ) : (
          <QueryErrorNotice query={chapter} title="This chapter could not be loaded." />
        )}
      </main>
    );
  }
  return <LoadedChapter chapter={chapter.data} />;
}

function LoadedChapter({ chapter }: { chapter: Chapter }) {
  const { languageCode } = chapter;
  useTimeSpent(recordTime, { languageCode });
  const lessons = useLessons(chapter.courseId);
  const progress = useProgress(languageCode);
  const statuses = useWordStatuses(languageCode);
  const translations = useMemo(() => translationsOf(chapter.vocabulary), [chapter.vocabulary]);
  const place = lessons.data ? findChapter(lessons.data.lessons, chapter.id) : undefined;
  const top = useRef<HTMLElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  // A chapter opens at its top (moving on from "Complete chapter" starts at the page's bottom), and
  // a screen reader hears its title.
  useEffect(() => {
    top.current?.scrollIntoView?.({ block: 'start' });
    title.current?.focus({ preventScroll: true });
  }, []);
  const current = statuses.data ?? NO_STATUSES;
  const markWord = useMarkWord(languageCode);
  const mark = (key: string, status: WordStatus) => {
    if ((current.get(key) ?? 'new') !== status) markWord.mutate({ body: { languageCode, word: { value: key, status } } });
  };

  return (
    <main className="ln-page ln-chapter-page" ref={top}>
      {back} {/* The chapter's thread in the forum (the shell's page): it opens the thread, or offers to start it. */}
      <Link href={`/app/forum/discuss/chapter/${encodeURIComponent(chapter.id)}?${new URLSearchParams({ title: chapter.title })}`}>
        Discuss
      </Link>
      <p className="ln-muted">{place ? place.lesson.title : '\u00a0'}</p>
      <h1 className="ln-chapter-page__title" ref={title} tabIndex={-1}>
        {chapter.title}
      </h1>
      {/* Decorative: the chapter's text says what matters; the URL is the image manager's, same origin. */}
      {chapter.imageUrl ? <img className="ln-chapter-page__image" src={chapter.imageUrl} alt="" /> : null}
      <ChapterAudio chapterId={chapter.id} text={chapter.text} />
      {statuses.isError ? (
        <p className="ln-warning" role="status">
          Your word statuses could not be loaded ({statuses.error.message}); all words show as new.
        </p>
      ) : null}
      {statuses.isPending ? (
        <Spinner label="Loading your words…" />
      ) : (
        <ChapterText text={chapter.text} statuses={current} translations={translations} onMark={mark} />
      )}
      <ChapterExercises chapterId={chapter.id} />
      <section className="ln-block" aria-labelledby="ln-vocabulary">
        <h2 id="ln-vocabulary">Vocabulary</h2>
        <VocabularyList pairs={chapter.vocabulary} />
        <ChapterCards chapter={chapter} />
      </section>
      <section className="ln-block" aria-labelledby="ln-match">
        <h2 id="ln-match">Match the words</h2>
        <MatchWords chapterId={chapter.id} languageCode={languageCode} />
      </section>
      <section className="ln-block ln-complete" aria-label="Complete chapter">
        <CompleteChapter chapter={chapter} progress={progress.data} />
      </section>
      <ChapterNav courseId={chapter.courseId} chapterId={chapter.id} />
    </main>
  );
}
