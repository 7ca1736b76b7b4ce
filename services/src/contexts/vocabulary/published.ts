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
 * A learner's word-family choices and admins' corrections (issue 38.2), for contexts that count by family
 * (analytics' dictionary figures): read from vocabulary's families read model, which they list in their
 * route's reads by FAMILIES_READ_MODEL.
 */
export { familyOverrides, FAMILIES_READ_MODEL } from './domain/family-overrides';
