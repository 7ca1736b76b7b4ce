import { ADMIN_USER_MESSAGES, MESSAGES, USERNAME_TAKEN, isAdminRole, type LearningLanguage, type Level, type Role } from '@verba/contracts';
import { DomainError, type Decider } from '../../../platform/decider/decider';
import type { EventOf } from '../../../platform/decider/events';
import type { EmailEvent, TimeRecorded, UserEvent, UsernameEvent } from '../events';

interface PendingLink {
  tokenId: string;
  expiresAt: string;
}

export interface UserState {
  exists: boolean;
  deleted: boolean;
  role: Role;
  currentLearningLanguage?: LearningLanguage;
  usernameHash?: string;
  disabled?: boolean;
  emailVerified: boolean;
  /** Only the newest link of each kind works, and only once. */
  verification?: PendingLink;
  reset?: PendingLink;
}

/** Why a link was refused; the route turns it into the spec's message. */
export class LinkRefused extends DomainError {
  constructor(readonly reason: 'used-or-replaced' | 'expired') {
    super(reason === 'expired' ? 'This link has expired.' : 'This link has already been used or replaced by a newer one.', 400);
  }
}

function checkLink(pending: PendingLink | undefined, tokenId: string, at: string): void {
  if (!pending || pending.tokenId !== tokenId) throw new LinkRefused('used-or-replaced');
  if (Date.parse(at) >= Date.parse(pending.expiresAt)) throw new LinkRefused('expired');
}

export type UserCommand =
  | {
      kind: 'register';
      userId: string;
      emailHash: string;
      email: string;
      name: string;
      /** Social accounts have none. */
      passwordHash?: string;
      provider?: 'password' | 'google' | 'facebook' | 'apple';
      at: string;
    }
  | {
      kind: 'update-profile';
      name?: string;
      username?: string;
      usernameHash?: string;
      currentLearningLanguage?: LearningLanguage;
      at: string;
    }
  | { kind: 'change-settings'; settings: Record<string, unknown>; at: string }
  | { kind: 'set-disabled'; disabled: boolean; by: string; actor?: AdminActor; at: string }
  | { kind: 'change-role'; role: Role; by: string; actor?: AdminActor; owners: number; at: string }
  | { kind: 'complete-onboarding'; language: LearningLanguage; level: Level; at: string }
  | { kind: 'request-verification'; tokenId: string; expiresAt: string; at: string }
  | { kind: 'verify-email'; tokenId: string; at: string }
  /** The address is known to be the user's without a link (demo accounts; a provider that verified it). */
  | { kind: 'confirm-email'; at: string }
  | { kind: 'request-reset'; tokenId: string; expiresAt: string; at: string }
  | { kind: 'reset-password'; tokenId: string; passwordHash: string; at: string }
  | { kind: 'change-password'; passwordHash: string; at: string }
  | { kind: 'delete'; userId: string; actor?: AdminActor; owners: number; at: string };

/**
 * The admin who asks (absent for the user's own deletion and for the seed). `owners` on the commands is how
 * many Owners the accounts read model counts now. Known gap: two Owners demoting each other at the same
 * moment both see two Owners; an "owners" stream that every role change appends to would close it.
 */
export interface AdminActor {
  role: Role;
}

/** Spec §6 and issue 17: only an Owner makes or unmakes admins, and nobody removes the last Owner. */
function checkAdminPowers(target: Role, next: Role | 'deleted', actor: AdminActor | undefined, owners: number): void {
  if (actor && actor.role !== 'Owner' && (isAdminRole(target) || (next !== 'deleted' && isAdminRole(next)))) {
    throw new DomainError(next === 'deleted' ? ADMIN_USER_MESSAGES.ownerOnlyDelete : ADMIN_USER_MESSAGES.ownerOnly, 403);
  }
  if (target === 'Owner' && next !== 'Owner' && owners <= 1) throw new DomainError(ADMIN_USER_MESSAGES.lastOwner, 409);
}

const NOT_FOUND = 'User not found';

export const userDecider: Decider<UserCommand, UserState, UserEvent> = {
  initialState: () => ({ exists: false, deleted: false, role: 'User', emailVerified: false }),
  decide(c, s) {
    if (c.kind === 'register') {
      if (s.exists) return []; // a retried registration
      const { userId, emailHash, email, name, passwordHash, at } = c;
      const provider = c.provider ?? 'password';
      return [
        {
          type: 'identity.UserRegistered',
          data: { userId, emailHash, email, name, ...(passwordHash ? { passwordHash } : {}), at, provider },
        },
      ];
    }
    if (!s.exists || s.deleted) throw new DomainError(NOT_FOUND, 404);
    switch (c.kind) {
      case 'update-profile': {
        const changed =
          c.name !== undefined ||
          (c.usernameHash !== undefined && c.usernameHash !== s.usernameHash) ||
          (c.currentLearningLanguage && c.currentLearningLanguage !== s.currentLearningLanguage);
        if (!changed) return [];
        return [
          {
            type: 'identity.ProfileUpdated',
            data: {
              ...(c.name !== undefined ? { name: c.name } : {}),
              ...(c.usernameHash !== undefined && c.usernameHash !== s.usernameHash
                ? { username: c.username, usernameHash: c.usernameHash }
                : {}),
              ...(c.currentLearningLanguage ? { currentLearningLanguage: c.currentLearningLanguage } : {}),
              at: c.at,
            },
          },
        ];
      }
      case 'change-settings':
        return [{ type: 'identity.SettingsChanged', data: { settings: c.settings, at: c.at } }];
      case 'set-disabled':
        if (Boolean(s.disabled) === c.disabled) return [];
        if (s.role === 'Owner') throw new DomainError(ADMIN_USER_MESSAGES.ownerDisable, 403);
        // Like a role change or a deletion: an admin's account is an Owner's to switch off.
        if (c.actor && c.actor.role !== 'Owner' && isAdminRole(s.role)) throw new DomainError(ADMIN_USER_MESSAGES.ownerOnlyDisable, 403);
        return [{ type: 'identity.AccountDisabled', data: { disabled: c.disabled, by: c.by, at: c.at } }];
      case 'change-role':
        if (s.role === c.role) return [];
        checkAdminPowers(s.role, c.role, c.actor, c.owners);
        return [{ type: 'identity.RoleChanged', data: { role: c.role, by: c.by, at: c.at } }];
      case 'complete-onboarding':
        return [{ type: 'identity.OnboardingCompleted', data: { language: c.language, level: c.level, at: c.at } }];
      case 'request-verification':
        if (s.emailVerified) return [];
        return [{ type: 'identity.VerificationEmailRequested', data: { tokenId: c.tokenId, expiresAt: c.expiresAt, at: c.at } }];
      case 'verify-email':
        checkLink(s.verification, c.tokenId, c.at);
        return [{ type: 'identity.EmailVerified', data: { tokenId: c.tokenId, at: c.at } }];
      case 'confirm-email':
        return s.emailVerified ? [] : [{ type: 'identity.EmailVerified', data: { at: c.at } }];
      case 'request-reset':
        return [{ type: 'identity.PasswordResetRequested', data: { tokenId: c.tokenId, expiresAt: c.expiresAt, at: c.at } }];
      case 'reset-password':
        checkLink(s.reset, c.tokenId, c.at);
        return [{ type: 'identity.PasswordChanged', data: { passwordHash: c.passwordHash, via: 'reset', tokenId: c.tokenId, at: c.at } }];
      case 'change-password':
        return [{ type: 'identity.PasswordChanged', data: { passwordHash: c.passwordHash, via: 'change', at: c.at } }];
      case 'delete':
        checkAdminPowers(s.role, 'deleted', c.actor, c.owners);
        return [{ type: 'identity.UserDeleted', data: { userId: c.userId, at: c.at } }];
    }
  },
  evolve(s, e) {
    switch (e.type) {
      case 'identity.UserRegistered':
        return { ...s, exists: true };
      case 'identity.ProfileUpdated':
        return {
          ...s,
          ...(e.data.currentLearningLanguage ? { currentLearningLanguage: e.data.currentLearningLanguage } : {}),
          ...(e.data.usernameHash ? { usernameHash: e.data.usernameHash } : {}),
        };
      case 'identity.SettingsChanged':
        return s;
      case 'identity.AccountDisabled':
        return { ...s, disabled: e.data.disabled };
      case 'identity.RoleChanged':
        return { ...s, role: e.data.role };
      case 'identity.OnboardingCompleted':
        return { ...s, currentLearningLanguage: e.data.language };
      case 'identity.VerificationEmailRequested':
        return { ...s, verification: { tokenId: e.data.tokenId, expiresAt: e.data.expiresAt } };
      case 'identity.EmailVerified':
        // The link is spent; verifying again with it is refused (LinkRefused), not silently accepted.
        return { ...s, emailVerified: true, verification: undefined };
      case 'identity.PasswordResetRequested':
        return { ...s, reset: { tokenId: e.data.tokenId, expiresAt: e.data.expiresAt } };
      case 'identity.PasswordChanged':
        // A changed password also voids an outstanding reset link.
        return { ...s, reset: undefined };
      case 'identity.UserDeleted':
        return { ...s, deleted: true };
    }
  },
};

export interface EmailState {
  holder?: string;
}

export type EmailCommand =
  /**
   * `goneHolder`: the holder the caller found gone (a registration that never landed, a deleted account, a
   * stale username claim). Only that holder may be taken over: a claim raced by another never is, because
   * on its retry the stream shows the new holder, who is not the gone one.
   */
  { kind: 'claim'; userId: string; at: string; goneHolder?: string } | { kind: 'release'; userId: string; at: string };

export const emailDecider: Decider<EmailCommand, EmailState, EmailEvent> = {
  initialState: () => ({}),
  decide(c, s) {
    if (c.kind === 'claim') {
      if (s.holder === c.userId) return [];
      // A holder whose registration never landed (crash between the two appends) does not keep the email.
      if (s.holder && s.holder !== c.goneHolder) throw new DomainError(MESSAGES.registration.emailInUse, 409);
      return [{ type: 'identity.EmailClaimed', data: { userId: c.userId, at: c.at } }];
    }
    if (s.holder !== c.userId) return [];
    return [{ type: 'identity.EmailReleased', data: { userId: c.userId, at: c.at } }];
  },
  evolve(s, e) {
    return e.type === 'identity.EmailClaimed' ? { holder: e.data.userId } : {};
  },
};

export type UsernameCommand = EmailCommand;
export interface UsernameState {
  holder?: string;
}

/** One holder per username; a holder that moved on to another username (or is gone) does not keep it. */
export const usernameDecider: Decider<UsernameCommand, UsernameState, UsernameEvent> = {
  initialState: () => ({}),
  decide(c, s) {
    if (c.kind === 'claim') {
      if (s.holder === c.userId) return [];
      if (s.holder && s.holder !== c.goneHolder) throw new DomainError(USERNAME_TAKEN, 409);
      return [{ type: 'identity.UsernameClaimed', data: { userId: c.userId, at: c.at } }];
    }
    if (s.holder !== c.userId) return [];
    return [{ type: 'identity.UsernameReleased', data: { userId: c.userId, at: c.at } }];
  },
  evolve(s, e) {
    return e.type === 'identity.UsernameClaimed' ? { holder: e.data.userId } : {};
  },
};

type TimeEvent = EventOf<typeof TimeRecorded>;

/** Time is only added up; the decider exists so the append states its expected revision. */
export const timeDecider: Decider<{ userId: string; language: LearningLanguage; seconds: number; at: string }, null, TimeEvent> = {
  initialState: () => null,
  decide: (c) => [{ type: 'identity.TimeRecorded', data: c }],
  evolve: (s) => s,
};
