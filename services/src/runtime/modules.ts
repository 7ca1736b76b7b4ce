import { identityModule } from '../contexts/identity/module';
import { libraryModule } from '../contexts/library/module';
import { practiceModule } from '../contexts/practice/module';
import { vocabularyModule } from '../contexts/vocabulary/module';
import type { Module } from '../platform/module';

/** Every bounded context of the product, in the order they are composed. */
export const allModules: Module[] = [identityModule, vocabularyModule, libraryModule, practiceModule];
