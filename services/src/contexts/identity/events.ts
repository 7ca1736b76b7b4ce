import { z } from 'zod';
import { RoleSchema } from '@verba/contracts';
import { defineEvent, type EventOf } from '../../platform/decider/events';
import { Encrypted, OnboardingCompleted, ProfileUpdated, TimeRecorded, UserDeleted, UserRegistered, userStream } from './published';

export { OnboardingCompleted, ProfileUpdated, TimeRecorded, UserDeleted, UserRegistered, userStream };

/**
 * Identity's domain events. Email, name and password hash are written encrypted with the user's own key
 * (see personal-data.ts): deleting the key erases them from the log without rewriting it.
 */

/** A change of settings: only the parts given (library, flashcards, speech) are replaced. */
export const SettingsChanged = defineEvent(
  'identity.SettingsChanged',
  z.object({ settings: z.record(z.string(), z.unknown()), at: z.iso.datetime() }),
);

export const RoleChanged = defineEvent('identity.RoleChanged', z.object({ role: RoleSchema, by: z.string(), at: z.iso.datetime() }));

/** A verification link was issued (at registration, or again on request); only the newest one works. */
export const VerificationEmailRequested = defineEvent(
  'identity.VerificationEmailRequested',
  z.object({ tokenId: z.uuid(), expiresAt: z.iso.datetime(), at: z.iso.datetime() }),
);
export const EmailVerified = defineEvent('identity.EmailVerified', z.object({ tokenId: z.uuid().optional(), at: z.iso.datetime() }));
export const PasswordResetRequested = defineEvent(
  'identity.PasswordResetRequested',
  z.object({ tokenId: z.uuid(), expiresAt: z.iso.datetime(), at: z.iso.datetime() }),
);
/** A new password, set from a reset link or from the profile; other sessions end with it. */
export const PasswordChanged = defineEvent(
  'identity.PasswordChanged',
  z.object({ passwordHash: Encrypted, via: z.enum(['reset', 'change']), tokenId: z.uuid().optional(), at: z.iso.datetime() }),
);

/** An admin disabled (or enabled again) the account: a disabled user cannot sign in. */
export const AccountDisabled = defineEvent(
  'identity.AccountDisabled',
  z.object({ disabled: z.boolean(), by: z.string(), at: z.iso.datetime() }),
);

export const userEvents = [
  UserRegistered,
  ProfileUpdated,
  RoleChanged,
  OnboardingCompleted,
  VerificationEmailRequested,
  EmailVerified,
  PasswordResetRequested,
  PasswordChanged,
  SettingsChanged,
  AccountDisabled,
  UserDeleted,
] as const;
export type UserEvent = EventOf<(typeof userEvents)[number]>;

/** One stream per email (by keyed hash) makes "one account per email" a plain optimistic append. */
export const EmailClaimed = defineEvent('identity.EmailClaimed', z.object({ userId: z.uuid(), at: z.iso.datetime() }));
export const EmailReleased = defineEvent('identity.EmailReleased', z.object({ userId: z.uuid(), at: z.iso.datetime() }));
export const emailEvents = [EmailClaimed, EmailReleased] as const;
export type EmailEvent = EventOf<(typeof emailEvents)[number]>;

/** Usernames are unique like emails: one claim stream per (keyed hash of the) lower-cased name. */
export const UsernameClaimed = defineEvent('identity.UsernameClaimed', z.object({ userId: z.uuid(), at: z.iso.datetime() }));
export const UsernameReleased = defineEvent('identity.UsernameReleased', z.object({ userId: z.uuid(), at: z.iso.datetime() }));
export const usernameEvents = [UsernameClaimed, UsernameReleased] as const;
export type UsernameEvent = EventOf<(typeof usernameEvents)[number]>;

export const activityEvents = [TimeRecorded] as const;

export const usernameStream = (usernameHash: string) => `identity-username-${usernameHash}`;
export const activityStream = (userId: string, day: string) => `identity-activity-${userId}-${day}`;
export const emailStream = (emailHash: string) => `identity-email-${emailHash}`;
