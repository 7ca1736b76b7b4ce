import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { LearningLanguage, Level, UserSettings } from '@verba/contracts';
import { DomainError } from '../../../platform/decider/decider';
import { EventCodec } from '../../../platform/decider/events';
import { handleCommand } from '../../../platform/decider/handle-command';
import type { EventStore, Position } from '../../../platform/event-store/port';
import { HttpError } from '../../../platform/http/problem';
import { timeDecider, usernameDecider } from '../deciders/account-decider';
import { activityEvents, activityStream, usernameEvents, usernameStream } from '../events';
import type { PersonalDataVault } from '../domain/personal-data';
import type { AccountCommands } from './account';
import { usernameHash, type ProfileQueries } from '../queries/profile';

const usernameCodec = new EventCodec([...usernameEvents]);
const activityCodec = new EventCodec([...activityEvents]);

interface Options {
  store: EventStore;
  db: Knex;
  vault: PersonalDataVault;
  accounts: AccountCommands;
  queries: ProfileQueries;
  now: () => Date;
}

/** Onboarding and profile commands: username, languages, settings, time spent; reads are in queries/profile.ts. */
export class ProfileCommands {
  constructor(private readonly o: Options) {}

  /** The holder of a username's last claim when that claim is stale: older than a minute, and not the holder the read model knows. */
  private async staleUsernameHolder(hash: string, current: string | null | undefined): Promise<string | undefined> {
    const last = (await this.o.store.readStream(usernameStream(hash))).at(-1);
    if (!last || last.type !== 'identity.UsernameClaimed') return undefined;
    const holder = (last.data as { userId: string }).userId;
    const ageMs = this.o.now().getTime() - last.createdAt.getTime();
    return holder !== current && ageMs > 60_000 ? holder : undefined;
  }

  /** Name and/or username; a new username is claimed first, the old one released after. */
  async setBasicInfo(userId: string, input: { name?: string; username?: string }) {
    const key = await this.o.vault.keyFor(userId);
    if (!key) throw new HttpError(401, 'User not found');
    const at = this.o.now().toISOString();
    let usernamePart: { username?: string; usernameHash?: string } = {};
    let previousHash: string | null = null;
    if (input.username !== undefined) {
      const refusal = await this.o.queries.usernameRefusal(userId, input.username);
      if (refusal) throw new DomainError(refusal.message, refusal.status);
      const hash = usernameHash(this.o.vault, input.username);
      const holder = await this.o.queries.holderOf(hash);
      previousHash =
        (
          (await this.o.db('identity_users').where({ user_id: userId }).first('username_hash')) as
            { username_hash: string | null } | undefined
        )?.username_hash ?? null;
      await handleCommand({
        store: this.o.store,
        codec: usernameCodec,
        decider: usernameDecider,
        streamId: usernameStream(hash),
        // The read model says nobody (else) uses it now, so a claim left by a crash or a rename is stale, but
        // only once it is old enough that its holder's profile change must have landed: a younger claim is
        // someone choosing the name at this moment.
        command: { kind: 'claim', userId, at, goneHolder: await this.staleUsernameHolder(hash, holder) },
        commandId: randomUUID(),
        actor: userId,
      });
      usernamePart = { username: this.o.vault.encrypt(key, input.username.trim()), usernameHash: hash };
    }
    const { position } = await this.o.accounts.profileCommand(userId, {
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
        actor: userId,
      });
    }
    return this.settled(position);
  }

  async completeOnboarding(userId: string, language: LearningLanguage, level: Level) {
    const { position } = await this.o.accounts.completeOnboarding(userId, language, level);
    return this.settled(position);
  }

  async changeLanguage(userId: string, language: LearningLanguage) {
    const { position } = await this.o.accounts.updateProfile(userId, { currentLearningLanguage: language });
    return this.settled(position);
  }

  async updateSettings(userId: string, settings: UserSettings) {
    const { position } = await this.o.accounts.profileCommand(userId, {
      kind: 'change-settings',
      settings,
      at: this.o.now().toISOString(),
    });
    return this.settled(position);
  }

  async recordTime(userId: string, seconds: number, language?: LearningLanguage): Promise<void> {
    const row = (await this.o.db('identity_users').where({ user_id: userId }).first('current_language')) as
      { current_language: LearningLanguage | null } | undefined;
    const lang = language ?? row?.current_language;
    if (!lang) throw new DomainError('Choose a learning language first.', 400);
    const now = this.o.now();
    await handleCommand({
      store: this.o.store,
      codec: activityCodec,
      decider: timeDecider,
      // Split per UTC day only to keep each stream small: the learner's own days are counted where time is read.
      streamId: activityStream(userId, now.toISOString().slice(0, 10)),
      command: { userId, language: lang, seconds, at: now.toISOString() },
      commandId: randomUUID(),
      actor: userId,
    });
  }

  /** Waits for the read model, then returns the profile as it is now. */
  private async settled(position: Position | undefined) {
    if (position) await this.o.accounts.settle(position);
    return position;
  }
}
