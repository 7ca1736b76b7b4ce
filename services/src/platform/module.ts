import type { Knex } from 'knex';
import type { DailyGoal, LearningLanguage, Subscription } from '@verba/contracts';
import type { Cache } from './cache/port';
import type { Config } from './config';
import type { EventStore } from './event-store/port';
import type { Authenticator } from './http/routes';
import type { IntegrationMapper } from './integration/relay';
import type { App } from './http/server';
import type { Logger } from './logger';
import type { Mailer } from './mail/port';
import type { RecordedEvent } from './event-store/port';
import type { Position } from './event-store/port';
import type { Projection } from './projections/projection';
import type { ProjectionRunner } from './projections/runner';
import type { Secrets } from './secrets';
import type { PersonalData } from './personal-data/keys';
import type { UntrustedWork } from './untrusted/pool';
import type { HistoryStreams } from './history';
import type { ReadableKind, ReadAccess, Readable } from './readable';
import type { RuntimeInstances } from './per-runtime';
import type { PremiumViewer } from './entitlements';

/** Waits for projections to reach a position; tells a position the log holds from one it never gave out. */
export interface ReadYourWrites extends Pick<ProjectionRunner, 'waitFor'> {
  /** True when an event at or after `position` is committed: a position a command could have returned. */
  inLog(position: Position): Promise<boolean>;
}

/** What a user may use because they pay: one module (billing) decides it from its read model. */
export interface Entitlements {
  /** The user's subscription now (Free or Master), read fresh on every check; `mayUsePremium` applies it. */
  subscriptionOf(userId: string): Promise<Subscription>;
  /** Why each of these users has Master, if they do: a paid subscription, an admin's manual grant (admin lists). */
  masterSources(userIds: readonly string[]): Promise<Map<string, MasterSources>>;
  /** Every user who has Master now (the admin list's subscription filter). */
  masterUserIds(): Promise<string[]>;
}

export interface MasterSources {
  paid: boolean;
  manualGrant: boolean;
}

/**
 * How users appear to other users. Names are identity's personal data (encrypted with the user's key):
 * contexts ask for them at read time and never copy them into their events, so erasure reaches them too.
 */
export interface People {
  /** Display names of these users; a deleted (or unknown) user is absent from the map. */
  displayNames(userIds: readonly string[]): Promise<Map<string, string>>;
}

/** Each learner's time zone (an IANA name), in which their own days count: streaks, "today", daily figures. */
export interface TimeZones {
  /** The zone the user chose (or their browser gave); UTC for a user who has none or is unknown. */
  timeZoneOf(userId: string): Promise<string>;
  /** The learner's daily goal (issue 39.6), which decides the days their streak counts; null when none is set. */
  dailyGoalOf?(userId: string): Promise<DailyGoal | null>;
}

/**
 * First meanings of words from the offline dictionaries, read by a context that shows words with their sense
 * (the library's "learn these first") without opening the dictionaries itself; none known without them.
 */
export interface WordMeanings {
  /** The first dictionary sense of each word (a key as the reader writes it) that has one. */
  firstMeanings(language: LearningLanguage, words: readonly string[]): Promise<Map<string, string>>;
}

/** A course chapter a learner has read, with its plain text. */
export interface ReadChapter {
  chapterId: string;
  title: string;
  text: string;
  /** When the learner read it: its first completion. */
  readAt: Date;
}

/**
 * The course chapters learners have read, for a context that quotes a learner's reading (the library's sentences
 * for a card) without reading the courses' tables; none without the module that owns courses (learning).
 */
export interface ChapterReading {
  /** The read models the answers come from: a read given minPosition waits on them too. */
  readModels: readonly { name: string }[];
  /** Chapters in `language` the viewer has read and may still open (the chapter page's rule), latest first, at most `limit`. */
  readChapters(viewer: PremiumViewer, language: LearningLanguage, limit: number): Promise<ReadChapter[]>;
}

/** What every bounded context gets from the runtime. */
export interface BaseDeps {
  config: Config;
  log: Logger;
  store: EventStore;
  db: Knex;
  cache: Cache;
  secrets: Secrets;
  /** Per-user data keys: seal what a user wrote; identity's erasure shreds the key (crypto-shredding). */
  personalData: PersonalData;
  /** Parsing of what users upload or make the server fetch, on worker threads with budgets. */
  untrusted: UntrustedWork;
  /** Read-your-writes: queries wait on it for the position a command returned. */
  projections: ReadYourWrites;
  /** True when this process runs the projectors, so caches the projectors invalidate are exact here. */
  projectorsInProcess: boolean;
  /** Outgoing mail (SMTP or the dev mailbox); only reactors send, never a request. */
  mailer: Mailer;
  /** The public origin for links in emails, e.g. https://verba.example. */
  appUrl: string;
  /** The clock commands read (tests move it: link expiry, monthly limits). */
  now: () => Date;
  /** Each user's subscription, from the module that provides entitlements (none in this process: everyone is Free). */
  entitlements: Entitlements;
  /** The modules' per-runtime instances (their accounts, adapters ...): see perRuntime in per-runtime.ts. */
  instances: RuntimeInstances;
  /** The process's projections, and a blue/green rebuild of one run here (the admin operations page). */
  operations: Operations;
}

/** What the operations page may do with the projection runner (the platform's; no module holds it). */
export interface Operations {
  /** Names of every projection of the composed modules. */
  projections: readonly string[];
  /** The event types a projection applies (undefined: every type); its lag counts only those. */
  eventTypesOf(name: string): readonly string[] | undefined;
  /** Builds the read model again beside the live one and switches to it; `onProgress` gets the events read so far. */
  rebuild(name: string, onProgress?: (applied: number) => void): Promise<{ generation: number; events: number }>;
}

/**
 * A side effect that follows the log (emails ...): runs after the fact, at least once per event, in
 * log order, from its own checkpoint; `react` must tolerate a repeat of the same event (dedupe by id).
 */
export interface Reactor {
  name: string;
  eventTypes: readonly string[];
  react(event: RecordedEvent): Promise<void>;
}

export interface ModuleDeps extends BaseDeps {
  auth: Authenticator;
  /** Every module's history declarations (the admin History tab reads these streams). */
  history: HistoryStreams;
  /** May this user open that chapter or article? Asked of the module that owns it. */
  readable: Readable;
  /** Display names, from the module that knows them (identity); none known without it. */
  people: People;
  /** Learners' time zones, from the module that keeps their settings (identity); UTC for all without it. */
  timeZones: TimeZones;
  /** Words' first dictionary senses, from the module that owns the dictionaries (translation); none without it. */
  wordMeanings: WordMeanings;
  /** The chapters each learner has read, from the module that owns courses (learning); none without it. */
  chapterReading: ChapterReading;
}

/** What a module provides the others; a process without a provider gets the platform's default (see app-platform). */
export interface Provides {
  /** The one module that knows who pays (billing): each user's subscription, which every context checks. */
  entitlements?(deps: Omit<BaseDeps, 'entitlements'>): Entitlements;
  /** The one module that knows who calls (identity): the authenticator for every route. */
  authenticator?(deps: BaseDeps): Authenticator;
  /** The one module that knows names (identity): how users appear to others. */
  people?(deps: BaseDeps): People;
  /** The one module that keeps learners' settings (identity): each one's time zone. */
  timeZones?(deps: BaseDeps): TimeZones;
  /** The one module that owns the offline dictionaries (translation): words' first senses. */
  wordMeanings?(deps: BaseDeps): WordMeanings;
  /** The one module that owns courses (learning): the chapters each learner has read. */
  chapterReading?(deps: BaseDeps): ChapterReading;
}

/** A bounded context as the runtime composes it; any set of modules can run in one process. */
export interface Module {
  name: string;
  /** Tables that are not read models (kept outside the log, e.g. encryption keys, sessions). */
  migrate?(db: Knex): Promise<void>;
  projections?: readonly Projection[];
  /** Domain event type -> its public integration event (published by the relay). */
  integration?: Readonly<Record<string, IntegrationMapper>>;
  /** Capabilities this module gives every other (at most one provider of each in a process, checked at start-up). */
  provides?: Provides;
  routes?(app: App, deps: ModuleDeps): Promise<void> | void;
  /** Side effects following the log; started with the relay (all-in-one and relay roles). */
  reactors?(deps: ModuleDeps): Reactor[];
  /** Runs once the projectors are running (e.g. finishing work a crash interrupted). */
  started?(deps: ModuleDeps): Promise<void>;
  /** Commands of the CLI (`npm run cli -w services -- <name> [args]`); each answers the exit code. */
  cli?: Readonly<Record<string, { usage: string; run(deps: ModuleDeps, args: string[]): Promise<number> }>>;
  /** Who may open the things this module owns that other contexts hang things on (chapters, articles). */
  readAccess?(deps: ModuleDeps): Partial<Record<ReadableKind, ReadAccess>>;
  /** The streams of each entity this module writes, for the admin History tab (the log is the audit trail). */
  history?: HistoryStreams;
  /** Creates demo data on an empty store; returns lines to print once. */
  seed?(deps: ModuleDeps): Promise<string[]>;
}
