import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { USERNAME_TAKEN, type LearningLanguage, type Level, type Profile, type UserSettings } from '@verba/contracts';
import { DomainError, type Decider } from '../../platform/decider/decider';
import { EventCodec, type EventOf } from '../../platform/decider/events';
import { handleCommand } from '../../platform/decider/handle-command';
import type { EventStore, Position } from '../../platform/event-store/port';
import { HttpError } from '../../platform/http/problem';
import { usernameDecider } from './deciders';
import { activityEvents, activityStream, TimeRecorded, usernameEvents, usernameStream } from './events';
import type { PersonalDataVault } from './personal-data';
import type { IdentityService } from './service';
import { hasAvatar } from './avatars';

const usernameCodec = new EventCodec([...usernameEvents]);
const activityCodec = new EventCodec([...activityEvents]);

type TimeEvent = EventOf<typeof TimeRecorded>;
/** Time is only added up; the decider exists so the append states its expected revision. */
const timeDecider: Decider<{ userId: string; language: LearningLanguage; seconds: number; at: string }, null, TimeEvent> = {
  initialState: () => null,
  decide: (c) => [{ type: 'identity.TimeRecorded', data: c }],
  evolve: (s) => s,
};

interface Options {
  store: EventStore;
  db: Knex;
  vault: PersonalDataVault;
  service: IdentityService;
  now: () => Date;
}

interface ProfileRow {
  user_id: string;
  username_hash: string | null;
  username_enc: string | null;
  settings: UserSettings;
  time_spent: Profile['timeSpent'];
  password_enc: string | null;
  current_language: LearningLanguage | null;
}

/** Onboarding and profile use cases: username, languages, settings, time spent. */
export class ProfileService {
  constructor(private readonly o: Options) {}

  async profile(userId: string): Promise<Profile | undefined> {
    const [view, row, key] = await Promise.all([
      this.o.service.view(userId),
      this.o.db('identity_users').where({ user_id: userId }).first() as Promise<ProfileRow | undefined>,
      this.o.vault.keyFor(userId),
    ]);
    if (!view || !row || !key) return undefined;
    return {
      ...view,
      username: row.username_enc ? this.o.vault.decrypt(key, row.username_enc) : null,
      settings: row.settings,
      timeSpent: row.time_spent,
      hasAvatar: await hasAvatar(this.o.db, userId),
      hasPassword: Boolean(row.password_enc),
    };
  }

  private usernameHash(name: string): string {
    return this.o.vault.emailHash(`username:${name}`);
  }

  async usernameAvailable(userId: string, name: string): Promise<boolean> {
    const holder = await this.holderOf(this.usernameHash(name));
    return !holder || holder === userId;
  }

  /** Name and/or username; a new username is claimed first, the old one released after. */
  async setBasicInfo(userId: string, input: { name?: string; username?: string }) {
    const key = await this.o.vault.keyFor(userId);
    if (!key) throw new HttpError(401, 'User not found');
    const at = this.o.now().toISOString();
    let usernamePart: { username?: string; usernameHash?: string } = {};
    let previousHash: string | null = null;
    if (input.username !== undefined) {
      const hash = this.usernameHash(input.username);
      const holder = await this.holderOf(hash);
      if (holder && holder !== userId) throw new DomainError(USERNAME_TAKEN, 409);
      previousHash = ((await this.o.db('identity_users').where({ user_id: userId }).first('username_hash')) as { username_hash: string | null } | undefined)?.username_hash ?? null;
      await handleCommand({
        store: this.o.store,
        codec: usernameCodec,
        decider: usernameDecider,
        streamId: usernameStream(hash),
        // The read model says nobody (else) uses it now: a claim left by a crash or a rename is stale.
        command: { kind: 'claim', userId, at, holderIsGone: true },
        commandId: randomUUID(),
      });
      usernamePart = { username: this.o.vault.encrypt(key, input.username.trim()), usernameHash: hash };
    }
    const { position } = await this.o.service.profileCommand(userId, {
      kind: 'update-profile',
      ...(input.name !== undefined ? { name: this.o.vault.encrypt(key, input.name) } : {}),
      ...usernamePart,
      at,
    });
    if (previousHash && previousHash !== usernamePart.usernameHash) {
      await handleCommand({
        store: this.o.store,
        codec: usernameCodec,
        decider: usernameDecider,
        streamId: usernameStream(previousHash),
        command: { kind: 'release', userId, at },
        commandId: randomUUID(),
      });
    }
    return this.settled(position);
  }

  async completeOnboarding(userId: string, language: LearningLanguage, level: Level) {
    const { position } = await this.o.service.completeOnboarding(userId, language, level);
    return this.settled(position);
  }

  async changeLanguage(userId: string, language: LearningLanguage) {
    const { position } = await this.o.service.updateProfile(userId, { currentLearningLanguage: language });
    return this.settled(position);
  }

  async updateSettings(userId: string, settings: UserSettings) {
    const { position } = await this.o.service.profileCommand(userId, { kind: 'change-settings', settings, at: this.o.now().toISOString() });
    return this.settled(position);
  }

  async recordTime(userId: string, seconds: number, language?: LearningLanguage): Promise<void> {
    const row = (await this.o.db('identity_users').where({ user_id: userId }).first('current_language')) as { current_language: LearningLanguage | null } | undefined;
    const lang = language ?? row?.current_language;
    if (!lang) throw new DomainError('Choose a learning language first.', 400);
    const now = this.o.now();
    await handleCommand({
      store: this.o.store,
      codec: activityCodec,
      decider: timeDecider,
      streamId: activityStream(userId, now.toISOString().slice(0, 10)),
      command: { userId, language: lang, seconds, at: now.toISOString() },
      commandId: randomUUID(),
    });
  }

  /** Waits for the read model, then returns the profile as it is now. */
  private async settled(position: Position | undefined) {
    if (position) await this.o.service.settle(position);
    return position;
  }

  private async holderOf(hash: string): Promise<string | undefined> {
    const row = (await this.o.db('identity_users').where({ username_hash: hash }).first('user_id')) as { user_id: string } | undefined;
    return row?.user_id;
  }
}
