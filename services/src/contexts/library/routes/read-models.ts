import { articlesProjection } from '../projections/articles';
import { familiesProjection } from '../projections/families';
import { flagsProjection } from '../projections/flags';
import { readerLevelsProjection } from '../projections/reader-levels';
import { readerWordsProjection } from '../projections/reader-words';
import { readingProjection } from '../projections/reading';

/**
 * The library's read models. Its reads join them (an article with the caller's reading, levels and flags),
 * so a library read given minPosition waits for all of them, and so does a write that answers with what it stored.
 */
export const libraryReadModels = [
  articlesProjection,
  readingProjection,
  readerWordsProjection,
  readerLevelsProjection,
  flagsProjection,
  familiesProjection,
];
