import { EventCodec, readEventData } from '../../../platform/decider/events';
import type { Projection } from '../../../platform/projections/projection';
import { courseCacheInvalidation } from '../domain/course-cache';
import { chapterEvents, courseEvents, exerciseEvents, progressEvents } from '../events';
import { UserDeleted } from '../../identity/published';

const courseCodec = new EventCodec([...courseEvents, ...chapterEvents, ...exerciseEvents]);
const progressCodec = new EventCodec([...progressEvents]);

/** Courses, lessons, chapters (slot, flags and content) and starting points. */
export const coursesProjection: Projection = {
  name: 'learning-courses',
  // 2: stream revisions (admins' expected revision), renames, reorders, removals, starting point edits, exercises.
  version: 2,
  tables: ['learning_courses', 'learning_lessons', 'learning_chapters', 'learning_starting_points', 'learning_exercises'],
  eventTypes: [...courseEvents, ...chapterEvents, ...exerciseEvents].map((e) => e.type),
  async setup(trx, t) {
    await trx.schema.createTable(t('learning_courses'), (tb) => {
      tb.uuid('id').primary();
      tb.text('language').notNullable();
      tb.text('title').notNullable();
      tb.boolean('visible').notNullable();
      /** The course stream's revision: what an admin's edit expects. */
      tb.bigInteger('revision').notNullable().defaultTo(0);
    });
    await trx.schema.createTable(t('learning_lessons'), (tb) => {
      tb.uuid('id').primary();
      tb.uuid('course_id').notNullable();
      tb.text('title').notNullable();
      tb.integer('idx').notNullable();
      tb.index(['course_id', 'idx']);
    });
    // A chapter's slot (ChapterAdded) and content (ChapterWritten) come from two streams: either may land first.
    await trx.schema.createTable(t('learning_chapters'), (tb) => {
      tb.uuid('id').primary();
      tb.uuid('course_id').notNullable();
      tb.uuid('lesson_id');
      tb.integer('idx');
      tb.boolean('visible');
      tb.boolean('premium');
      tb.text('title');
      tb.text('text');
      tb.jsonb('vocabulary');
      tb.text('image_url');
      /** The chapter content stream's revision. */
      tb.bigInteger('content_revision');
      tb.index(['course_id']);
    });
    await trx.schema.createTable(t('learning_starting_points'), (tb) => {
      tb.uuid('id').primary();
      tb.uuid('course_id').notNullable();
      tb.uuid('lesson_id').notNullable();
      tb.text('title').notNullable();
      tb.text('level').notNullable();
      tb.integer('idx').notNullable();
    });
    // One row per chapter: both lists as written, and the exercise stream's revision.
    await trx.schema.createTable(t('learning_exercises'), (tb) => {
      tb.uuid('chapter_id').primary();
      tb.uuid('course_id').notNullable();
      tb.jsonb('missing_words').notNullable().defaultTo('[]');
      tb.jsonb('questions').notNullable().defaultTo('[]');
      tb.bigInteger('revision').notNullable();
      tb.index(['course_id']);
    });
  },
  async apply(events, { trx, t }) {
    for (const recorded of events) {
      const e = courseCodec.decode(recorded);
      const revision = recorded.revision.toString();
      if (e.type === 'learning.MissingWordsWritten' || e.type === 'learning.QuestionsWritten') {
        const column = e.type === 'learning.MissingWordsWritten' ? 'missing_words' : 'questions';
        const row = { chapter_id: e.data.chapterId, course_id: e.data.courseId, [column]: JSON.stringify(e.data.items), revision };
        await trx(t('learning_exercises')).insert(row).onConflict('chapter_id').merge([column, 'revision']);
        continue;
      }
      if (e.type !== 'learning.ChapterWritten' && e.type !== 'learning.CourseCreated') {
        await trx(t('learning_courses')).where({ id: e.data.courseId }).update({ revision });
      }
      switch (e.type) {
        case 'learning.CourseCreated': {
          const d = e.data;
          await trx(t('learning_courses'))
            .insert({ id: d.courseId, language: d.languageCode, title: d.title, visible: d.isVisibleOnThePlatform, revision })
            .onConflict('id')
            .ignore();
          break;
        }
        case 'learning.CourseVisibilitySet':
          await trx(t('learning_courses')).where({ id: e.data.courseId }).update({ visible: e.data.isVisibleOnThePlatform });
          break;
        case 'learning.LessonAdded': {
          const d = e.data;
          await trx(t('learning_lessons'))
            .insert({ id: d.lessonId, course_id: d.courseId, title: d.title, idx: d.index })
            .onConflict('id')
            .ignore();
          break;
        }
        case 'learning.ChapterAdded': {
          const d = e.data;
          const slot = { lesson_id: d.lessonId, idx: d.index, visible: d.visible, premium: d.premium };
          await trx(t('learning_chapters'))
            .insert({ id: d.chapterId, course_id: d.courseId, ...slot })
            .onConflict('id')
            .merge(Object.keys(slot));
          break;
        }
        case 'learning.ChapterFlagsSet':
          await trx(t('learning_chapters')).where({ id: e.data.chapterId }).update({ visible: e.data.visible, premium: e.data.premium });
          break;
        case 'learning.ChapterWritten': {
          const d = e.data;
          const content = {
            title: d.title,
            text: d.text,
            vocabulary: JSON.stringify(d.vocabulary),
            image_url: d.imageUrl ?? null,
            content_revision: revision,
          };
          await trx(t('learning_chapters'))
            .insert({ id: d.chapterId, course_id: d.courseId, ...content })
            .onConflict('id')
            .merge(Object.keys(content));
          break;
        }
        case 'learning.CourseRenamed':
          await trx(t('learning_courses')).where({ id: e.data.courseId }).update({ title: e.data.title });
          break;
        case 'learning.LessonRenamed':
          await trx(t('learning_lessons')).where({ id: e.data.lessonId }).update({ title: e.data.title });
          break;
        case 'learning.LessonsReordered':
          for (const [idx, id] of e.data.lessonIds.entries()) await trx(t('learning_lessons')).where({ id }).update({ idx });
          break;
        case 'learning.ChaptersReordered':
          for (const [idx, id] of e.data.chapterIds.entries()) await trx(t('learning_chapters')).where({ id }).update({ idx });
          break;
        // Removals close the gap, so an index is always the place in its list (the next add goes last).
        case 'learning.LessonRemoved': {
          const removed = await trx(t('learning_lessons')).where({ id: e.data.lessonId }).first('idx');
          await trx(t('learning_chapters')).where({ lesson_id: e.data.lessonId }).delete();
          await trx(t('learning_lessons')).where({ id: e.data.lessonId }).delete();
          if (removed)
            await trx(t('learning_lessons')).where({ course_id: e.data.courseId }).where('idx', '>', removed.idx).decrement('idx', 1);
          break;
        }
        case 'learning.ChapterRemoved': {
          const removed = await trx(t('learning_chapters')).where({ id: e.data.chapterId }).first('idx');
          await trx(t('learning_chapters')).where({ id: e.data.chapterId }).delete();
          if (removed)
            await trx(t('learning_chapters')).where({ lesson_id: e.data.lessonId }).where('idx', '>', removed.idx).decrement('idx', 1);
          break;
        }
        case 'learning.StartingPointUpdated': {
          const d = e.data;
          await trx(t('learning_starting_points'))
            .where({ id: d.startingPointId })
            .update({ lesson_id: d.lessonId, title: d.title, level: d.level });
          break;
        }
        case 'learning.StartingPointRemoved':
          await trx(t('learning_starting_points')).where({ id: e.data.startingPointId }).delete();
          break;
        case 'learning.StartingPointAdded': {
          const d = e.data;
          await trx(t('learning_starting_points'))
            .insert({ id: d.startingPointId, course_id: d.courseId, lesson_id: d.lessonId, title: d.title, level: d.level, idx: d.index })
            .onConflict('id')
            .ignore();
          break;
        }
      }
    }
  },
  afterCommit(events) {
    courseCacheInvalidation.invalidate(events.map((e) => (e.data as { courseId: string }).courseId));
  },
  afterSwitch() {
    courseCacheInvalidation.invalidateAll();
  },
};

/** Each learner's chosen starting point, completed chapters and best match-words results, per course. */
export const progressProjection: Projection = {
  name: 'learning-progress',
  version: 1,
  tables: ['learning_starts', 'learning_completed', 'learning_practiced'],
  eventTypes: [...progressEvents.map((e) => e.type), UserDeleted.type],
  async setup(trx, t) {
    await trx.schema.createTable(t('learning_starts'), (tb) => {
      tb.uuid('user_id').notNullable();
      tb.uuid('course_id').notNullable();
      tb.uuid('starting_point_id').notNullable();
      tb.primary(['user_id', 'course_id']);
    });
    await trx.schema.createTable(t('learning_completed'), (tb) => {
      tb.uuid('user_id').notNullable();
      tb.uuid('course_id').notNullable();
      tb.uuid('chapter_id').notNullable();
      tb.timestamp('completed_at', { useTz: true }).notNullable();
      tb.primary(['user_id', 'course_id', 'chapter_id']);
    });
    await trx.schema.createTable(t('learning_practiced'), (tb) => {
      tb.uuid('user_id').notNullable();
      tb.uuid('course_id').notNullable();
      tb.uuid('chapter_id').notNullable();
      tb.integer('correct').notNullable();
      tb.integer('total').notNullable();
      tb.primary(['user_id', 'course_id', 'chapter_id']);
    });
  },
  async apply(events, { trx, t }) {
    for (const recorded of events) {
      if (recorded.type === UserDeleted.type) {
        const { userId } = readEventData(UserDeleted, recorded);
        for (const table of ['learning_starts', 'learning_completed', 'learning_practiced'])
          await trx(t(table)).where({ user_id: userId }).delete();
        continue;
      }
      const e = progressCodec.decode(recorded);
      const learner = { user_id: e.data.userId, course_id: e.data.courseId };
      switch (e.type) {
        case 'learning.StartingPointChosen':
          await trx(t('learning_starts'))
            .insert({ ...learner, starting_point_id: e.data.startingPointId })
            .onConflict(['user_id', 'course_id'])
            .merge(['starting_point_id']);
          break;
        case 'learning.ChapterCompleted':
          await trx(t('learning_completed'))
            .insert({ ...learner, chapter_id: e.data.chapterId, completed_at: e.data.at })
            .onConflict(['user_id', 'course_id', 'chapter_id'])
            .ignore();
          break;
        case 'learning.MatchWordsPracticed':
          await trx(t('learning_practiced'))
            .insert({ ...learner, chapter_id: e.data.chapterId, correct: e.data.correct, total: e.data.total })
            .onConflict(['user_id', 'course_id', 'chapter_id'])
            .merge(['correct', 'total']);
          break;
      }
    }
  },
};
