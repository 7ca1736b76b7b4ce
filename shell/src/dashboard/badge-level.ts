import { LEVELS, levelIndex, type Level } from '@verba/contracts';

/**
 * The level the dashboard's badge shows: the one the learner chose for the language (onboarding, profile),
 * or the dictionary's hint (spec §4) once that is higher. The hint alone would call a new learner who chose
 * A2 an A1: their dictionary starts empty.
 */
export function badgeLevel(chosen: unknown, hint: Level): Level {
  const own = LEVELS.find((level) => level === chosen);
  return own && levelIndex(own) > levelIndex(hint) ? own : hint;
}
