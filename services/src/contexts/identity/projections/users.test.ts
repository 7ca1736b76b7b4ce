import { afterAll, describe, it } from 'vitest';
import { closeSpecDatabase, projectionSpec } from '../../../platform/projections/projection-spec';
import {
  AccountDisabled,
  EmailVerified,
  OnboardingCompleted,
  PasswordChanged,
  ProfileUpdated,
  RoleChanged,
  SettingsChanged,
  TimeRecorded,
  UserDeleted,
  UserRegistered,
  userStream,
} from '../events';
import { usersProjection } from './users';

const ana = 'b0000000-0000-4000-8000-000000000001';
const ben = 'b0000000-0000-4000-8000-000000000002';
const at = '2026-03-01T10:00:00.000Z';
const later = '2026-03-02T09:00:00.000Z';

const registered = (userId: string, provider: 'password' | 'google' = 'password') => ({
  type: UserRegistered.type,
  streamId: userStream(userId),
  data: {
    userId,
    emailHash: `email-${userId}`,
    email: `v1.email-${userId}`,
    name: `v1.name-${userId}`,
    ...(provider === 'password' ? { passwordHash: `v1.hash-${userId}` } : {}),
    provider,
    at,
  },
});
const onStream = (userId: string, type: string, data: Record<string, unknown>) => ({
  type,
  streamId: userStream(userId),
  data: { at, ...data },
});
const profile = (userId: string, data: Record<string, unknown>) => onStream(userId, ProfileUpdated.type, data);
const settings = (userId: string, change: Record<string, unknown>) => onStream(userId, SettingsChanged.type, { settings: change });
const time = (userId: string, language: string, seconds: number, when = at) => ({
  type: TimeRecorded.type,
  streamId: `identity-activity-${userId}-2026-03-01`,
  data: { userId, language, seconds, at: when },
});

/** The row a new account has. */
const account = (userId: string, fields: Record<string, unknown> = {}) => ({
  user_id: userId,
  email_hash: `email-${userId}`,
  email_enc: `v1.email-${userId}`,
  name_enc: `v1.name-${userId}`,
  password_enc: `v1.hash-${userId}`,
  provider: 'password',
  role: 'User',
  current_language: null,
  learned_languages: [],
  language_levels: {},
  onboarding_done: false,
  email_verified: false,
  username_hash: null,
  username_enc: null,
  settings: {},
  disabled: false,
  time_spent: {},
  last_activity: {},
  created_at: new Date(at),
  ...fields,
});

describe('identity-users projection', () => {
  afterAll(closeSpecDatabase);

  it('a registration makes an account: a password one verifies its email by link, a social one is verified', async () => {
    await projectionSpec(usersProjection)
      .given([])
      .when([registered(ana), registered(ben, 'google'), registered(ana, 'google')])
      .then({
        identity_users: [account(ana), account(ben, { password_enc: null, provider: 'google', email_verified: true })],
        identity_deleted_users: [],
      });
  });

  it('a profile update sets the name, the username and the current language, which joins the learned ones once', async () => {
    await projectionSpec(usersProjection)
      .given([registered(ana), profile(ana, { currentLearningLanguage: 'de' })])
      .when([
        profile(ana, { name: 'v1.new-name', usernameHash: 'user-ana', username: 'v1.ana' }),
        profile(ana, { currentLearningLanguage: 'fr' }),
        profile(ana, { currentLearningLanguage: 'de' }),
      ])
      .then({
        identity_users: [
          account(ana, {
            name_enc: 'v1.new-name',
            username_hash: 'user-ana',
            username_enc: 'v1.ana',
            current_language: 'de',
            learned_languages: ['de', 'fr'],
          }),
        ],
      });
  });

  it('an onboarding sets the language, its level (one a language) and ends the onboarding', async () => {
    await projectionSpec(usersProjection)
      .given([registered(ana), onStream(ana, OnboardingCompleted.type, { language: 'de', level: 'A1' })])
      .when([
        onStream(ana, OnboardingCompleted.type, { language: 'fr', level: 'B2' }),
        onStream(ana, OnboardingCompleted.type, { language: 'de', level: 'A2' }),
      ])
      .then({
        identity_users: [
          account(ana, {
            onboarding_done: true,
            current_language: 'de',
            learned_languages: ['de', 'fr'],
            language_levels: { de: 'A2', fr: 'B2' },
          }),
        ],
      });
  });

  it("settings change by part: a part's fields replace the stored ones, voices merge per language", async () => {
    await projectionSpec(usersProjection)
      .given([registered(ana), settings(ana, { speech: { speed: 1.2, voices: { de: 'Vicki' } }, library: { view: 'cards' } })])
      .when([
        settings(ana, { speech: { voices: { fr: 'Lea' }, autoplay: true } }),
        settings(ana, { flashcards: { autoplay: false }, speech: { voices: { de: 'Hans' } } }),
      ])
      .then({
        identity_users: [
          account(ana, {
            settings: {
              speech: { speed: 1.2, autoplay: true, voices: { de: 'Hans', fr: 'Lea' } },
              library: { view: 'cards' },
              flashcards: { autoplay: false },
            },
          }),
        ],
      });
  });

  it('time adds up per language with its last activity; a deleted account records none', async () => {
    await projectionSpec(usersProjection)
      .given([registered(ana), time(ana, 'de', 60)])
      .when([time(ana, 'de', 30, later), time(ana, 'fr', 5), time(ben, 'de', 10)])
      .then({ identity_users: [account(ana, { time_spent: { de: 90, fr: 5 }, last_activity: { de: later, fr: at } })] });
  });

  it('an admin disables and promotes, a link verifies the email, a new password replaces the old', async () => {
    await projectionSpec(usersProjection)
      .given([registered(ana), onStream(ana, AccountDisabled.type, { disabled: true, by: ben })])
      .when([
        onStream(ana, RoleChanged.type, { role: 'Admin', by: ben }),
        onStream(ana, EmailVerified.type, {}),
        onStream(ana, PasswordChanged.type, { passwordHash: 'v1.other', via: 'change' }),
        onStream(ana, AccountDisabled.type, { disabled: false, by: ben }),
      ])
      .then({ identity_users: [account(ana, { role: 'Admin', email_verified: true, password_enc: 'v1.other' })] });
  });

  it('a username and an email pass to another account in one batch once their holder lets go of them', async () => {
    await projectionSpec(usersProjection)
      .given([registered(ana), registered(ben), profile(ana, { usernameHash: 'user-x', username: 'v1.x' })])
      .when([
        profile(ana, { usernameHash: 'user-y', username: 'v1.y' }),
        profile(ben, { usernameHash: 'user-x', username: 'v1.x' }),
        onStream(ana, UserDeleted.type, { userId: ana }),
        {
          ...registered('b0000000-0000-4000-8000-000000000003'),
          data: { ...registered('b0000000-0000-4000-8000-000000000003').data, emailHash: `email-${ana}` },
        },
      ])
      .then({
        identity_users: [
          account(ben, { username_hash: 'user-x', username_enc: 'v1.x' }),
          account('b0000000-0000-4000-8000-000000000003', { email_hash: `email-${ana}` }),
        ],
      });
  });

  it('a deletion leaves only the id, once, to shred its key by', async () => {
    await projectionSpec(usersProjection)
      .given([registered(ana), registered(ben), onStream(ana, UserDeleted.type, { userId: ana })])
      .when([onStream(ana, UserDeleted.type, { userId: ana, at: later }), time(ana, 'de', 30)])
      .then({ identity_users: [account(ben)], identity_deleted_users: [{ user_id: ana, deleted_at: new Date(at) }] });
  });
});
