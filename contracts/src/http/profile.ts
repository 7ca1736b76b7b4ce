import { z } from 'zod';
import { LearningLanguageSchema } from '../domain/languages';
import { visibleName } from '../domain/names';
import { IMAGE_MAX_BYTES } from '../domain/limits';
import { LevelSchema } from '../domain/levels';
import { DailyGoalSchema } from '../domain/goals';
import { isTimeZone, unknownTimeZone } from '../domain/local-days';
import { SPEECH_SPEED_MAX, SPEECH_SPEED_MIN } from '../domain/speech';
import { VoiceIdSchema } from '../domain/voices';
import { DisplayNameSchema, UserViewSchema } from './identity';
import { BytesSchema, OkSchema, PositionSchema, defineRoute } from './route';

/** Onboarding and profile routes of spec §7 (User): username, basic info, languages, settings, time. */

export const USERNAME_RULE = 'Use 3 to 30 letters, digits, dots or underscores.';
export const USERNAME_TAKEN = 'This username is already taken.';
/** The server also refuses a username that only looks like a taken one (Cyrillic "а" for Latin "a"). */
export const USERNAME_CONFUSABLE = 'This username looks too much like one that is already taken. Please choose another.';
export const USERNAME_RESERVED = 'This username is reserved. Please choose another.';
/** Names nobody may take, nor anything that looks like them (case, dots and underscores aside). */
export const RESERVED_USERNAMES: readonly string[] = ['admin', 'owner', 'verba', 'support'];
const isReserved = (name: string) => RESERVED_USERNAMES.includes(name.toLowerCase().replace(/[._]/g, ''));

export const UsernameSchema = visibleName()
  .min(3, USERNAME_RULE)
  .max(30, USERNAME_RULE)
  .regex(/^[\p{L}\p{N}._]+$/u, USERNAME_RULE)
  .refine((name) => !isReserved(name), USERNAME_RESERVED);

/** An IANA time zone the platform knows ("Europe/Berlin"); any other is refused with a message naming it. */
export const TimeZoneSchema = z.string().superRefine((zone, ctx) => {
  if (!isTimeZone(zone)) ctx.addIssue({ code: 'custom', message: unknownTimeZone(zone) });
});

/** The reader's comfort settings (issue 38.7): each list runs from the smallest/plainest choice. */
export const READER_TEXT_SIZES = ['xs', 's', 'm', 'l', 'xl'] as const;
export const READER_LINE_SPACINGS = ['tight', 'normal', 'relaxed', 'wide'] as const;
export const READER_COLUMN_WIDTHS = ['narrow', 'medium', 'wide'] as const;
export const READER_FONTS = ['default', 'serif', 'atkinson', 'opendyslexic'] as const;
/** 'app' follows the app's light or dark theme. */
export const READER_THEMES = ['app', 'light', 'sepia', 'dark'] as const;

/** Marking a form of a word in the reader marks its family's other forms on the page too: always, after asking, or never (issue 38.2). */
export const MARK_FAMILY_CHOICES = ['always', 'ask', 'never'] as const;
export type MarkFamily = (typeof MARK_FAMILY_CHOICES)[number];
/** What an unset "Mark the whole family" means. */
export const MARK_FAMILY_DEFAULT: MarkFamily = 'ask';

export const UserSettingsSchema = z.object({
  /**
   * The learner's time zone: their streaks, "today" and daily figures count its calendar days. Absent until
   * the browser's zone is saved (the shell does at the first profile load); absent counts as UTC.
   */
  timeZone: TimeZoneSchema.optional(),
  /** The learner's daily goal (issue 39.6): what the streak counts; null removes it (absent keeps the one set). */
  dailyGoal: DailyGoalSchema.nullable().optional(),
  library: z
    .object({ view: z.enum(['table', 'cards']) })
    .partial()
    .optional(),
  flashcards: z
    .object({
      autoplay: z.boolean(),
      showTranslationFirst: z.boolean(),
      /** Marking a word Uncertain in the reader makes its flashcard (none when the word has one). Absent means on. */
      uncertainMakesCard: z.boolean(),
    })
    .partial()
    .optional(),
  speech: z
    .object({
      speed: z.number().min(SPEECH_SPEED_MIN).max(SPEECH_SPEED_MAX),
      voices: z.partialRecord(LearningLanguageSchema, VoiceIdSchema),
      autoplay: z.boolean(),
    })
    .partial()
    .optional(),
  /** Word families when marking: "Mark the whole family" (absent: MARK_FAMILY_DEFAULT, ask). */
  words: z
    .object({ markFamily: z.enum(MARK_FAMILY_CHOICES) })
    .partial()
    .optional(),
  /** How the reader shows an article's text; absent fields keep the reader's default look. */
  reader: z
    .object({
      textSize: z.enum(READER_TEXT_SIZES),
      lineSpacing: z.enum(READER_LINE_SPACINGS),
      columnWidth: z.enum(READER_COLUMN_WIDTHS),
      font: z.enum(READER_FONTS),
      theme: z.enum(READER_THEMES),
    })
    .partial()
    .optional(),
});
export type UserSettings = z.infer<typeof UserSettingsSchema>;

export const ProfileSchema = UserViewSchema.extend({
  username: z.string().nullable(),
  settings: UserSettingsSchema,
  /** Seconds spent learning, per language. */
  timeSpent: z.partialRecord(LearningLanguageSchema, z.number().int()),
  hasAvatar: z.boolean(),
  /** False for social accounts: the password can be changed only for email/password users. */
  hasPassword: z.boolean(),
});
export type Profile = z.infer<typeof ProfileSchema>;

const written = z.object({ profile: ProfileSchema, position: PositionSchema.optional() });

export const getProfile = defineRoute({
  method: 'GET',
  path: '/api/user/profile',
  access: 'user',
  summary: 'The signed-in user with username, settings and time spent',
  query: z.object({ minPosition: PositionSchema.optional() }),
  response: ProfileSchema,
});

export const checkUsername = defineRoute({
  method: 'POST',
  path: '/api/user/check-username',
  access: 'user',
  summary: 'Is this username free (or already yours)?',
  body: z.object({ name: UsernameSchema }),
  response: z.object({ available: z.boolean() }),
});

export const basicInfo = defineRoute({
  method: 'POST',
  path: '/api/user/basic-info',
  access: 'user',
  summary: 'Set name and username',
  body: z
    .object({ name: DisplayNameSchema.optional(), username: UsernameSchema.optional() })
    .refine((b) => b.name !== undefined || b.username !== undefined, 'Nothing to update'),
  response: written,
});

export const onboarding = defineRoute({
  method: 'POST',
  path: '/api/user/onboarding',
  access: 'user',
  summary: 'Finish the main onboarding (or set the level of a language): learning language and CEFR level',
  body: z.object({ languageCode: LearningLanguageSchema, level: LevelSchema }),
  response: written,
});

export const changeLanguage = defineRoute({
  method: 'POST',
  path: '/api/user/change-language',
  access: 'user',
  summary: 'Switch the current learning language',
  body: z.object({ languageId: LearningLanguageSchema }),
  response: written,
});

export const updateSettings = defineRoute({
  method: 'PATCH',
  path: '/api/user/settings',
  access: 'user',
  summary:
    'Change settings (library view, flashcards, speech speed, voice per language, autoplay, time zone, daily goal, reader text, marking word families)',
  body: UserSettingsSchema.refine((s) => Object.values(s).some((v) => v !== undefined), 'Nothing to update'),
  response: written,
});

export const recordTime = defineRoute({
  method: 'PATCH',
  path: '/api/user/time',
  access: 'user',
  summary: 'Add seconds spent learning in the current language',
  body: z.object({ seconds: z.number().int().min(1).max(3600), languageCode: LearningLanguageSchema.optional() }),
  response: OkSchema,
});

/** The server checks the type by the file's first bytes, not by what the browser claims. */
export const PROFILE_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;

export const uploadAvatar = defineRoute({
  method: 'POST',
  path: '/api/user/avatar',
  access: 'user',
  summary: 'Upload the profile image: one file part, PNG or JPEG, at most 4 MB',
  consumes: ['multipart/form-data'],
  body: z.object({
    file: z
      .file()
      .mime([...PROFILE_IMAGE_TYPES])
      .max(IMAGE_MAX_BYTES),
  }),
  response: OkSchema,
});

export const getAvatar = defineRoute({
  method: 'GET',
  path: '/api/user/avatar',
  access: 'user',
  summary: 'The profile image (bytes, image/png or image/jpeg)',
  produces: PROFILE_IMAGE_TYPES,
  response: BytesSchema.meta({ description: 'Image bytes (image/png or image/jpeg)' }),
});

export const profileRoutes = {
  getProfile,
  checkUsername,
  basicInfo,
  onboarding,
  changeLanguage,
  updateSettings,
  recordTime,
  uploadAvatar,
  getAvatar,
};
