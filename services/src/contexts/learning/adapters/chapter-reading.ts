import type { Knex } from 'knex';
import { COURSE_IDS } from '@verba/contracts';
import type { ChapterReading, ReadChapter } from '../../../platform/module';
import { mayOpenChapter } from '../domain/access';
import { coursesProjection, progressProjection } from '../projections/courses';
import type { LearningQueries } from '../queries';

/**
 * The chapters a learner has read, for the platform's chapter reading port (the library quotes them on cards).
 * Learning records no chapter openings: a chapter counts as read from its first completion (the chapter page's
 * "complete"), and it is answered only while the learner may still open it, by the chapter page's own rule
 * (hidden for learners, premium for Master).
 */
export function chapterReading(db: Knex, queries: LearningQueries): ChapterReading {
  return {
    readModels: [coursesProjection, progressProjection],
    async readChapters(viewer, language, limit) {
      const rows = (await db('learning_completed as p')
        .join('learning_chapters as c', 'c.id', 'p.chapter_id')
        .where({ 'p.user_id': viewer.userId, 'p.course_id': COURSE_IDS[language] })
        .whereNotNull('c.text')
        .orderBy([
          { column: 'p.completed_at', order: 'desc' },
          { column: 'p.chapter_id', order: 'asc' },
        ])
        .limit(limit)
        .select('p.chapter_id', 'p.completed_at', 'c.text')) as {
        chapter_id: string;
        completed_at: Date | string;
        text: string;
      }[];
      const found = await queries.findChapters(rows.map((r) => r.chapter_id));
      return rows.flatMap((r): ReadChapter[] => {
        const chapter = found.get(r.chapter_id);
        if (!chapter || !mayOpenChapter(viewer, chapter)) return [];
        return [{ chapterId: r.chapter_id, title: chapter.chapter.title, text: r.text, readAt: new Date(r.completed_at) }];
      });
    },
  };
}
