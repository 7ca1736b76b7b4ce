import { defineProjection, insert, remove, update, when } from '../../../platform/projections/declare';
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
} from '../events';
import { userOfStream } from '../published';

/** The account an event of a user stream is about (its stream's user). */
const account = ({ streamId }: { streamId: string }) => {
  const userId = userOfStream(streamId);
  return userId ? { user_id: userId } : undefined;
};

/**
 * Read model of accounts. Personal fields stay encrypted here too (decrypted per request with the user's
 * key), so a rebuild after a deletion cannot bring them back. Deleted users leave only their id behind,
 * in identity_deleted_users, so their key can be shredded even after a crash. Emails and usernames are
 * found by keyed hash: unique, as their claim streams keep them.
 */
export const usersProjection = defineProjection({
  name: 'identity-users',
  // 8: declared (unique indexes deferrable; settings, languages and time merged in place).
  version: 8,
  tables: {
    identity_users: {
      key: ['user_id'],
      columns: {
        user_id: 'uuid',
        email_hash: 'text',
        email_enc: 'text',
        name_enc: 'text',
        password_enc: 'text?', // null for social accounts
        provider: 'text',
        role: 'text',
        current_language: 'text?',
        learned_languages: 'jsonb',
        language_levels: 'jsonb',
        onboarding_done: 'boolean',
        email_verified: 'boolean',
        username_hash: 'text?',
        username_enc: 'text?',
        settings: 'jsonb',
        disabled: 'boolean',
        time_spent: 'jsonb',
        last_activity: 'jsonb',
        created_at: 'timestamptz',
      },
      unique: [['email_hash'], ['username_hash']],
    },
    identity_deleted_users: { key: ['user_id'], columns: { user_id: 'uuid', deleted_at: 'timestamptz' } },
  },
  on: [
    when(UserRegistered, (d) => [
      insert('identity_users', {
        user_id: d.userId,
        email_hash: d.emailHash,
        email_enc: d.email,
        name_enc: d.name,
        password_enc: d.passwordHash ?? null,
        provider: d.provider,
        role: 'User',
        current_language: null,
        learned_languages: [],
        language_levels: {},
        onboarding_done: false,
        // The provider vouches for a social account's address; password accounts verify by link.
        email_verified: d.provider !== 'password',
        username_hash: null,
        username_enc: null,
        settings: {},
        disabled: false,
        time_spent: {},
        last_activity: {},
        created_at: d.at,
      }),
    ]),
    when(ProfileUpdated, (d, e) => {
      const where = account(e);
      const language = d.currentLearningLanguage;
      const set = {
        ...(d.name ? { name_enc: d.name } : {}),
        ...(d.usernameHash ? { username_hash: d.usernameHash, ...(d.username !== undefined ? { username_enc: d.username } : {}) } : {}),
        ...(language ? { current_language: language } : {}),
      };
      if (!where || (!Object.keys(set).length && !language)) return [];
      return [update('identity_users', where, set, { merge: language ? { learned_languages: [language] } : {} })];
    }),
    when(OnboardingCompleted, (d, e) => {
      const where = account(e);
      if (!where) return [];
      return [
        update(
          'identity_users',
          where,
          { onboarding_done: true, current_language: d.language },
          { merge: { learned_languages: [d.language], language_levels: { [d.language]: d.level } } },
        ),
      ];
    }),
    // Settings change by part (library, flashcards, speech): a part's fields replace the stored ones and
    // voices merge per language, which is what merging the change does.
    when(SettingsChanged, (d, e) => {
      const where = account(e);
      return where && Object.keys(d.settings).length ? [update('identity_users', where, {}, { merge: { settings: d.settings } })] : [];
    }),
    // A deleted account has no row to add to.
    when(TimeRecorded, (d) => [
      update(
        'identity_users',
        { user_id: d.userId },
        {},
        { add: { time_spent: { [d.language]: d.seconds } }, merge: { last_activity: { [d.language]: d.at } } },
      ),
    ]),
    when(AccountDisabled, (d, e) => set(e, { disabled: d.disabled })),
    when(EmailVerified, (_, e) => set(e, { email_verified: true })),
    when(PasswordChanged, (d, e) => set(e, { password_enc: d.passwordHash })),
    when(RoleChanged, (d, e) => set(e, { role: d.role })),
    when(UserDeleted, (d, e) => {
      const where = account(e);
      if (!where) return [];
      return [remove('identity_users', where), insert('identity_deleted_users', { ...where, deleted_at: d.at })];
    }),
  ],
});

/** Columns of the account of the event's stream. */
function set(event: { streamId: string }, columns: Record<string, unknown>) {
  const where = account(event);
  return where ? [update('identity_users' as const, where, columns)] : [];
}
