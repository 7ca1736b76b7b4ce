import { randomUUID } from 'node:crypto';
import { COURSE_MESSAGES, type VocabularyPair } from '@verba/contracts';
import type { Decider } from '../../platform/decider/decider';
import { EventCodec, type EventDefinition, type EventOf } from '../../platform/decider/events';
import { eventIdFor } from '../../platform/decider/event-ids';
import { handleCommand } from '../../platform/decider/handle-command';
import type { EventStore } from '../../platform/event-store/port';
import {
  chapterDecider,
  courseDecider,
  exerciseDecider,
  type ExerciseCommand,
  progressDecider,
  type ChapterCommand,
  type CourseCommand,
  type ProgressCommand,
} from './decider';
import {
  chapterEvents,
  chapterStream,
  courseEvents,
  courseStream,
  exerciseEvents,
  exerciseStream,
  progressEvents,
  progressStream,
} from './events';
import type { CourseStructure } from './queries';

type WithoutAt<T> = T extends unknown ? Omit<T, 'at'> : never;
type CourseEdit = WithoutAt<Exclude<CourseCommand, { kind: 'define' | 'createCourse' | 'addLesson' | 'addChapter' }>>;

/** Who makes an admin change (kept as the events' metadata `userId`) and the revision their page showed. */
export interface AdminWrite {
  by?: string;
  expectedRevision?: bigint;
}

const courseCodec = new EventCodec([...courseEvents]);
const chapterCodec = new EventCodec([...chapterEvents]);
const progressCodec = new EventCodec([...progressEvents]);
const exerciseCodec = new EventCodec([...exerciseEvents]);

/** Course authoring (admins) and learners' progress; queries.ts reads courses and progress. */
export class LearningCommands {
  constructor(
    private readonly store: EventStore,
    private readonly now: () => Date = () => new Date(),
  ) {}

  defineCourse(command: Omit<Extract<CourseCommand, { kind: 'define' }>, 'kind' | 'at'>, commandId: string = randomUUID()) {
    return this.run(courseCodec, courseDecider, courseStream(command.courseId), { kind: 'define', ...command, at: this.at() }, commandId);
  }

  setChapterFlags(
    courseId: string,
    chapterId: string,
    flags: { visible?: boolean; premium?: boolean },
    commandId: string = randomUUID(),
    admin: AdminWrite = {},
  ) {
    return this.editCourse({ kind: 'setFlags', courseId, chapterId, ...flags }, commandId, admin);
  }

  setCourseVisibility(courseId: string, isVisibleOnThePlatform: boolean, commandId: string = randomUUID(), admin: AdminWrite = {}) {
    return this.editCourse({ kind: 'setVisibility', courseId, isVisibleOnThePlatform }, commandId, admin);
  }

  /** An admin's change of an existing course: titles, order, removals (see the course decider). */
  editCourse(command: CourseEdit, commandId: string = randomUUID(), admin: AdminWrite = {}) {
    const full = { ...command, at: this.at() } as CourseCommand;
    return this.run(courseCodec, courseDecider, courseStream(command.courseId), full, commandId, admin);
  }

  /** The course of a language that has none yet (course ids are fixed per language). */
  createCourse(
    course: { courseId: string; languageCode: CourseStructure['languageCode']; title: string },
    commandId: string,
    admin: AdminWrite = {},
  ) {
    const command = { kind: 'createCourse' as const, ...course, at: this.at() };
    return this.run(courseCodec, courseDecider, courseStream(course.courseId), command, commandId, admin);
  }

  writeChapter(
    c: Omit<Extract<ChapterCommand, { kind: 'write' }>, 'kind' | 'at'>,
    commandId: string = randomUUID(),
    admin: AdminWrite = {},
  ) {
    return this.run(chapterCodec, chapterDecider, chapterStream(c.chapterId), { kind: 'write', ...c, at: this.at() }, commandId, admin);
  }

  editChapter(c: Omit<Extract<ChapterCommand, { kind: 'edit' }>, 'kind' | 'at'>, commandId: string = randomUUID(), admin: AdminWrite = {}) {
    return this.run(chapterCodec, chapterDecider, chapterStream(c.chapterId), { kind: 'edit', ...c, at: this.at() }, commandId, admin);
  }

  /** A lesson at the end of the course; its id comes from the command id, so a retry adds nothing. */
  async addLesson(course: CourseStructure, title: string, commandId: string, admin: AdminWrite = {}) {
    const lessonId = eventIdFor(commandId, 'lesson');
    const command = { kind: 'addLesson' as const, courseId: course.id, lessonId, title, at: this.at() };
    const result = await this.run(courseCodec, courseDecider, courseStream(course.id), command, commandId, admin);
    return { lessonId, result };
  }

  /**
   * A chapter at the end of a lesson: content first, then its slot, so it shows only once complete; its id
   * comes from the command id, so a retry after a failure in between finishes the job without duplicates.
   */
  async addChapter(
    course: CourseStructure,
    lesson: { id: string; title: string },
    content: { title: string; text: string; vocabulary: VocabularyPair[] },
    flags: { visible: boolean; premium: boolean },
    commandId: string,
    admin: AdminWrite = {},
  ) {
    const chapterId = eventIdFor(commandId, 'chapter');
    // The content stream is new: only the course's slot is checked against the admin's revision.
    const written = await this.writeChapter({ courseId: course.id, chapterId, ...content }, eventIdFor(commandId, 'content'), {
      ...(admin.by ? { by: admin.by } : {}),
    });
    const slot = { kind: 'addChapter' as const, courseId: course.id, lessonId: lesson.id, chapterId, ...flags, at: this.at() };
    const placed = await this.run(courseCodec, courseDecider, courseStream(course.id), slot, commandId, admin);
    const position = placed.position ?? written.position; // the slot is appended after the content
    return { chapterId, result: { events: [...written.events, ...placed.events], ...(position ? { position } : {}) } };
  }

  /** Replaces one list of a chapter's exercises (missing words or questions). */
  writeExercises(command: WithoutAt<ExerciseCommand>, commandId: string = randomUUID(), admin: AdminWrite = {}) {
    const full = { ...command, at: this.at() } as ExerciseCommand;
    return this.run(exerciseCodec, exerciseDecider, exerciseStream(command.chapterId), full, commandId, admin);
  }

  /** A learner's command on their own progress stream in one course. */
  progress(command: WithoutAt<ProgressCommand>, commandId: string = randomUUID()) {
    const full = { ...command, at: this.at() } as ProgressCommand;
    return this.run(progressCodec, progressDecider, progressStream(full.userId, full.courseId), full, commandId, { by: full.userId });
  }

  private run<C, S, D extends EventDefinition>(
    codec: EventCodec<D>,
    decider: Decider<C, S, EventOf<D>>,
    streamId: string,
    command: C,
    commandId: string,
    { by, expectedRevision }: AdminWrite = {},
  ) {
    return handleCommand({
      store: this.store,
      codec,
      decider,
      streamId,
      command,
      commandId,
      actor: by ?? null,
      ...(expectedRevision !== undefined
        ? { expectedRevision: { revision: expectedRevision, conflict: COURSE_MESSAGES.editConflict } }
        : {}),
    });
  }

  private at(): string {
    return this.now().toISOString();
  }
}
