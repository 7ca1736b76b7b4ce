import type { Projection } from '../../../platform/projections/projection';
import { EventCodec } from '../../../platform/decider/events';
import { activityEvents, userEvents } from '../events';

const codec = new EventCodec([...userEvents, ...activityEvents]);

/**
 * Read model of accounts. Personal fields stay encrypted here too (decrypted per request with the user's
 * key), so a rebuild after a deletion cannot bring them back. Deleted users leave only their id behind,
 * in identity_deleted_users, so their key can be shredded even after a crash.
 */
export const usersProjection: Projection = {
  name: 'identity-users',
  version: 7,
  tables: ['identity_users', 'identity_deleted_users'],
  eventTypes: [...userEvents, ...activityEvents].map((e) => e.type),
  async setup(trx, t) {
    await trx.schema.createTable(t('identity_users'), (tb) => {
      tb.uuid('user_id').primary();
      tb.text('email_hash').notNullable().unique();
      tb.text('email_enc').notNullable();
      tb.text('name_enc').notNullable();
      tb.text('password_enc'); // null for social accounts
      tb.text('provider').notNullable().defaultTo('password');
      tb.text('role').notNullable().defaultTo('User');
      tb.text('current_language');
      tb.jsonb('learned_languages').notNullable().defaultTo('[]');
      tb.jsonb('language_levels').notNullable().defaultTo('{}');
      tb.boolean('onboarding_done').notNullable().defaultTo(false);
      tb.boolean('email_verified').notNullable().defaultTo(false);
      tb.text('username_hash').unique();
      tb.text('username_enc');
      tb.jsonb('settings').notNullable().defaultTo('{}');
      tb.boolean('disabled').notNullable().defaultTo(false);
      tb.jsonb('time_spent').notNullable().defaultTo('{}');
      tb.jsonb('last_activity').notNullable().defaultTo('{}');
      tb.timestamp('created_at', { useTz: true }).notNullable();
    });
    await trx.schema.createTable(t('identity_deleted_users'), (tb) => {
      tb.uuid('user_id').primary();
      tb.timestamp('deleted_at', { useTz: true }).notNullable();
    });
  },
  async apply(events, { trx, t }) {
    for (const recorded of events) {
      const e = codec.decode(recorded);
      const userId = e.type === 'identity.TimeRecorded' ? e.data.userId : recorded.streamId.slice('identity-user-'.length);
      const users = trx(t('identity_users'));
      switch (e.type) {
        case 'identity.UserRegistered':
          await users.insert({
            user_id: e.data.userId,
            email_hash: e.data.emailHash,
            email_enc: e.data.email,
            name_enc: e.data.name,
            password_enc: e.data.passwordHash ?? null,
            provider: e.data.provider,
            // The provider vouches for a social account's address; password accounts verify by link.
            email_verified: e.data.provider !== 'password',
            created_at: e.data.at,
          });
          break;
        case 'identity.ProfileUpdated': {
          const language = e.data.currentLearningLanguage;
          await users.where({ user_id: userId }).update({
            ...(e.data.name ? { name_enc: e.data.name } : {}),
            ...(e.data.usernameHash ? { username_hash: e.data.usernameHash, username_enc: e.data.username } : {}),
            ...(language
              ? {
                  current_language: language,
                  learned_languages: trx.raw(
                    `case when learned_languages @> ?::jsonb then learned_languages else learned_languages || ?::jsonb end`,
                    [JSON.stringify([language]), JSON.stringify([language])],
                  ),
                }
              : {}),
          });
          break;
        }
        case 'identity.OnboardingCompleted':
          await users.where({ user_id: userId }).update({
            onboarding_done: true,
            current_language: e.data.language,
            learned_languages: trx.raw(
              `case when learned_languages @> ?::jsonb then learned_languages else learned_languages || ?::jsonb end`,
              [JSON.stringify([e.data.language]), JSON.stringify([e.data.language])],
            ),
            language_levels: trx.raw('language_levels || ?::jsonb', [JSON.stringify({ [e.data.language]: e.data.level })]),
          });
          break;
        case 'identity.SettingsChanged': {
          const row = await trx(t('identity_users')).where({ user_id: userId }).first('settings');
          if (row)
            await users.where({ user_id: userId }).update({ settings: JSON.stringify(mergeSettings(row.settings, e.data.settings)) });
          break;
        }
        case 'identity.TimeRecorded': {
          const row = await trx(t('identity_users')).where({ user_id: userId }).first('time_spent', 'last_activity');
          if (!row) break; // a deleted account
          const spent = { ...row.time_spent, [e.data.language]: (row.time_spent[e.data.language] ?? 0) + e.data.seconds };
          const last = { ...row.last_activity, [e.data.language]: e.data.at };
          await users.where({ user_id: userId }).update({ time_spent: JSON.stringify(spent), last_activity: JSON.stringify(last) });
          break;
        }
        case 'identity.AccountDisabled':
          await users.where({ user_id: userId }).update({ disabled: e.data.disabled });
          break;
        case 'identity.EmailVerified':
          await users.where({ user_id: userId }).update({ email_verified: true });
          break;
        case 'identity.PasswordChanged':
          await users.where({ user_id: userId }).update({ password_enc: e.data.passwordHash });
          break;
        case 'identity.VerificationEmailRequested':
        case 'identity.PasswordResetRequested':
          break; // the mail reactor's business
        case 'identity.RoleChanged':
          await users.where({ user_id: userId }).update({ role: e.data.role });
          break;
        case 'identity.UserDeleted':
          await users.where({ user_id: userId }).delete();
          await trx(t('identity_deleted_users')).insert({ user_id: userId, deleted_at: e.data.at }).onConflict('user_id').ignore();
          break;
      }
    }
  },
};

/** Settings change by part: a part given replaces the stored one's fields; voices merge per language. */
export function mergeSettings(current: Record<string, unknown>, change: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...current };
  for (const [part, value] of Object.entries(change)) {
    const before = (current[part] ?? {}) as Record<string, unknown>;
    const next = { ...before, ...(value as Record<string, unknown>) };
    if (part === 'speech' && (value as { voices?: object }).voices) {
      next.voices = { ...((before.voices as object) ?? {}), ...(value as { voices: object }).voices };
    }
    merged[part] = next;
  }
  return merged;
}
