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

/** Written encrypted with the user's own key (personal-data.ts): deleting the key erases it from the log. */
export const Encrypted = z.string().startsWith('v1.');

// Analytics follows these too, as identity publishes them (registrations, a learner's language, time spent).
export const UserRegistered = defineEvent(
  'identity.UserRegistered',
  z.object({
    userId: z.uuid(),
    emailHash: z.string(),
    email: Encrypted,
    name: Encrypted,
    /** Absent for a social account (no password). */
    passwordHash: Encrypted.optional(),
    /** Old events all say 'password'; social accounts name their provider. */
    provider: z.enum(['password', 'google', 'facebook', 'apple']),
    at: z.iso.datetime(),
  }),
);

export const ProfileUpdated = defineEvent(
  'identity.ProfileUpdated',
  z.object({
    name: Encrypted.optional(),
    /** The username, encrypted like the name; its keyed hash makes it findable and unique. */
    username: Encrypted.optional(),
    usernameHash: z.string().optional(),
    currentLearningLanguage: LearningLanguageSchema.optional(),
    at: z.iso.datetime(),
  }),
);

/** Time spent learning; one small stream per user and day keeps every stream bounded. */
export const TimeRecorded = defineEvent(
  'identity.TimeRecorded',
  z.object({ userId: z.uuid(), language: LearningLanguageSchema, seconds: z.number().int().positive(), at: z.iso.datetime() }),
);
