import { z } from 'zod';
import { LearningLanguageSchema, LevelSchema } from '@verba/contracts';
import { defineEvent } from '../../platform/decider/events';

/**
 * Identity's events that other contexts may read (the only file of this context they may import).
 * Changing a schema here changes what every consumer parses: add a version with an upcaster instead.
 */

/** Other contexts follow this one event to erase what they hold about the user. */
export const UserDeleted = defineEvent('identity.UserDeleted', z.object({ userId: z.uuid(), at: z.iso.datetime() }));

/**
 * The learner finished the main onboarding (or chose another language): the language and their level in
 * it. The user is the stream's (`userOfStream`), not a field.
 */
export const OnboardingCompleted = defineEvent(
  'identity.OnboardingCompleted',
  z.object({ language: LearningLanguageSchema, level: LevelSchema, at: z.iso.datetime() }),
);

const USER_STREAM_PREFIX = 'identity-user-';
export const userStream = (userId: string) => `${USER_STREAM_PREFIX}${userId}`;
/** The user whose stream this is, for events that do not name their user. */
export const userOfStream = (streamId: string): string | undefined =>
  streamId.startsWith(USER_STREAM_PREFIX) ? streamId.slice(USER_STREAM_PREFIX.length) : undefined;
