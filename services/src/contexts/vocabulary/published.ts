import { z } from 'zod';
import { LearningLanguageSchema, WordStatusSchema } from '@verba/contracts';
import { defineEvent } from '../../platform/decider/events';

/**
 * Vocabulary's events that other contexts may read (the only file of this context they may import).
 * Changing a schema here changes what every consumer parses: add a version with an upcaster instead.
 */

/**
 * A word's status in one learner's dictionary changed; `new` takes it out of the dictionary. `ignored` (a
 * name, a number, a foreign word) was added to the status enum later: additive, every earlier event still
 * reads, so no new version. Consumers count an Ignored word nowhere.
 */
export const WordStatusChanged = defineEvent(
  'vocabulary.WordStatusChanged',
  z.object({
    userId: z.uuid(),
    language: LearningLanguageSchema,
    word: z.string().min(1),
    status: WordStatusSchema,
    at: z.iso.datetime(),
  }),
);

/**
 * A learner chose a form's family by hand (issue 38.2): `base` is the base word they set, the form itself
 * when they split it off ("not the same word"), or null when they undid their choice (rejoined: back to the
 * family an admin's correction or the dictionary gives). Published with BaseCorrected for the library, whose
 * difficulty labels and "learn these first" count families as the learner sees them.
 */
export const OwnBaseChosen = defineEvent(
  'vocabulary.OwnBaseChosen',
  z.object({
    userId: z.uuid(),
    language: LearningLanguageSchema,
    word: z.string().min(1),
    base: z.string().min(1).nullable(),
    at: z.iso.datetime(),
  }),
);

/**
 * An admin corrected a form's base word for everyone (null: back to the dictionary's). `correctedBy` names
 * the admin in the event itself, besides the log's actor: the correction's audit trail.
 */
export const BaseCorrected = defineEvent(
  'vocabulary.BaseCorrected',
  z.object({
    language: LearningLanguageSchema,
    word: z.string().min(1),
    base: z.string().min(1).nullable(),
    correctedBy: z.uuid(),
    at: z.iso.datetime(),
  }),
);

/**
 * A learner's word-family choices and admins' corrections (issue 38.2), for contexts that count by family
 * (analytics' dictionary figures): read from vocabulary's families read model, which they list in their
 * route's reads by FAMILIES_READ_MODEL.
 */
export { familyOverrides, FAMILIES_READ_MODEL } from './domain/family-overrides';
