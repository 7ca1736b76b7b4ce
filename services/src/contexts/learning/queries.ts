import type { Knex } from 'knex';
import {
  COURSE_IDS,
  LEARNING_LANGUAGES,
  type LearningLanguage,
  type MissingWord,
  type Question,
  type StartingPoint,
  type VocabularyPair,
} from '@verba/contracts';
import type { Cache } from '../../platform/cache/port';
import { ADMIN_TTL_MS, cachedCourseRead } from './domain/course-cache';

export interface ChapterSlot {
  id: string;
  lessonId: string;
  title: string;
  visible: boolean;
  premium: boolean;
}

/** One course as the read model has it, hidden chapters included (views filter per caller). */
export interface CourseStructure {
  id: string;
  languageCode: LearningLanguage;
  title: string;
  /** Whether learners see the course (the language record's name). */
  isVisibleOnThePlatform: boolean;
  /** The course stream's revision (admins send it back as their expected revision). */
  revision: string;
  lessons: { id: string; title: string; chapters: ChapterSlot[] }[];
  startingPoints: StartingPoint[];
}

export interface LearnerCourseProgress {
  startingPointId: string | null;
  completedChapterIds: Set<string>;
  /** Chapter id -> best number of correct matches. */
  bestCorrect: Map<string, number>;
}

/** Courses (cached: few and read on every page) and each learner's progress (never cached). */
export class LearningQueries {
  constructor(
    private readonly db: Knex,
    /** Undefined where nothing would invalidate it (see module.ts): then every read goes to the read model. */
    private readonly cache: Cache | undefined,
  ) {}

  structure(courseId: string): Promise<CourseStructure | null> {
    return cachedCourseRead(this.cache, courseId, 'structure', () => this.loadStructure(courseId));
  }

  /** The same structure for admin pages, kept ADMIN_CACHE_SECONDS (invalidated on every write). */
  adminStructure(courseId: string): Promise<CourseStructure | null> {
    return cachedCourseRead(this.cache, courseId, 'admin-structure', () => this.loadStructure(courseId), ADMIN_TTL_MS);
  }

  /** A chapter's content and its stream revision, for the admin's chapter editor. */
  adminChapterContent(
    courseId: string,
    chapterId: string,
  ): Promise<{ text: string; vocabulary: VocabularyPair[]; imageUrl: string | null; revision: string } | null> {
    return cachedCourseRead(
      this.cache,
      courseId,
      `admin-chapter:${chapterId}`,
      async () => {
        const row = await this.db('learning_chapters')
          .where({ id: chapterId, course_id: courseId })
          .whereNotNull('text')
          .first('text', 'vocabulary', 'image_url', 'content_revision');
        return row
          ? {
              text: row.text as string,
              vocabulary: row.vocabulary as VocabularyPair[],
              imageUrl: (row.image_url as string | null) ?? null,
              revision: String(row.content_revision),
            }
          : null;
      },
      ADMIN_TTL_MS,
    );
  }

  /** A chapter's exercises with their answers and the exercise stream's revision (null: none written yet). */
  exercises(courseId: string, chapterId: string): Promise<{ missingWords: MissingWord[]; questions: Question[]; revision: string | null }> {
    return cachedCourseRead(this.cache, courseId, `exercises:${chapterId}`, async () => {
      const row = await this.db('learning_exercises')
        .where({ chapter_id: chapterId, course_id: courseId })
        .first('missing_words', 'questions', 'revision');
      return row
        ? { missingWords: row.missing_words as MissingWord[], questions: row.questions as Question[], revision: String(row.revision) }
        : { missingWords: [], questions: [], revision: null };
    });
  }

  /** Chapters of a course with at least one exercise (admin attention counts). */
  chaptersWithExercises(courseId: string): Promise<string[]> {
    return cachedCourseRead(
      this.cache,
      courseId,
      'admin-exercised',
      async () =>
        (
          await this.db('learning_exercises')
            .where({ course_id: courseId })
            .whereRaw('(jsonb_array_length(missing_words) + jsonb_array_length(questions)) > 0')
            .select('chapter_id')
        ).map((r: { chapter_id: string }) => r.chapter_id),
      ADMIN_TTL_MS,
    );
  }

  chapterContent(
    courseId: string,
    chapterId: string,
  ): Promise<{ text: string; vocabulary: VocabularyPair[]; imageUrl: string | null } | null> {
    return cachedCourseRead(this.cache, courseId, `chapter:${chapterId}`, async () => {
      const row = await this.db('learning_chapters')
        .where({ id: chapterId, course_id: courseId })
        .whereNotNull('text')
        .first('text', 'vocabulary', 'image_url');
      return row
        ? { text: row.text as string, vocabulary: row.vocabulary as VocabularyPair[], imageUrl: (row.image_url as string | null) ?? null }
        : null;
    });
  }

  /** The chapter and its course; courses are few (one per language) and cached, so this scans them. */
  async findChapter(chapterId: string): Promise<{ course: CourseStructure; chapter: ChapterSlot } | undefined> {
    for (const language of LEARNING_LANGUAGES) {
      const course = await this.structure(COURSE_IDS[language]);
      for (const lesson of course?.lessons ?? []) {
        const chapter = lesson.chapters.find((c) => c.id === chapterId);
        if (chapter) return { course: course!, chapter };
      }
    }
    return undefined;
  }

  /** Those of these chapters that exist, each with its course (the same scan as `findChapter`, once for all). */
  async findChapters(chapterIds: readonly string[]): Promise<Map<string, { course: CourseStructure; chapter: ChapterSlot }>> {
    const wanted = new Set(chapterIds);
    const found = new Map<string, { course: CourseStructure; chapter: ChapterSlot }>();
    if (!wanted.size) return found;
    for (const language of LEARNING_LANGUAGES) {
      const course = await this.structure(COURSE_IDS[language]);
      for (const chapter of course?.lessons.flatMap((l) => l.chapters) ?? [])
        if (wanted.has(chapter.id)) found.set(chapter.id, { course: course!, chapter });
    }
    return found;
  }

  async findLesson(lessonId: string): Promise<{ course: CourseStructure; lesson: CourseStructure['lessons'][number] } | undefined> {
    for (const language of LEARNING_LANGUAGES) {
      const course = await this.structure(COURSE_IDS[language]);
      const lesson = course?.lessons.find((l) => l.id === lessonId);
      if (lesson) return { course: course!, lesson };
    }
    return undefined;
  }

  private async loadStructure(courseId: string): Promise<CourseStructure | null> {
    const course = await this.db('learning_courses').where({ id: courseId }).first();
    if (!course) return null;
    const [lessons, chapters, points] = await Promise.all([
      this.db('learning_lessons').where({ course_id: courseId }).orderBy('idx').select('id', 'title'),
      // A chapter shows once it has both its slot and its content.
      this.db('learning_chapters')
        .where({ course_id: courseId })
        .whereNotNull('lesson_id')
        .whereNotNull('title')
        .orderBy('idx')
        .select('id', 'lesson_id', 'title', 'visible', 'premium'),
      this.db('learning_starting_points').where({ course_id: courseId }).orderBy('idx').select('id', 'title', 'lesson_id', 'level'),
    ]);
    return {
      id: course.id,
      languageCode: course.language,
      title: course.title,
      isVisibleOnThePlatform: course.is_visible_on_the_platform,
      revision: String(course.revision),
      lessons: lessons.map((l: { id: string; title: string }) => ({
        id: l.id,
        title: l.title,
        chapters: chapters
          .filter((c: { lesson_id: string }) => c.lesson_id === l.id)
          .map((c: { id: string; lesson_id: string; title: string; visible: boolean; premium: boolean }) => ({
            id: c.id,
            lessonId: c.lesson_id,
            title: c.title,
            visible: c.visible,
            premium: c.premium,
          })),
      })),
      startingPoints: points.map((p: { id: string; title: string; lesson_id: string; level: StartingPoint['level'] }) => ({
        id: p.id,
        title: p.title,
        lesson: p.lesson_id,
        level: p.level,
      })),
    };
  }

  // ---- Progress (per learner, never cached)

  async learnerProgress(userId: string, courseId: string): Promise<LearnerCourseProgress> {
    const where = { user_id: userId, course_id: courseId };
    const [start, completed, practiced] = await Promise.all([
      this.db('learning_starts').where(where).first('starting_point_id'),
      this.db('learning_completed').where(where).select('chapter_id'),
      this.db('learning_practiced').where(where).select('chapter_id', 'correct'),
    ]);
    return {
      startingPointId: start?.starting_point_id ?? null,
      completedChapterIds: new Set(completed.map((r: { chapter_id: string }) => r.chapter_id)),
      bestCorrect: new Map(practiced.map((r: { chapter_id: string; correct: number }) => [r.chapter_id, r.correct])),
    };
  }
}
