import { createAnalyticsModule } from '../contexts/analytics/module';
import { billingModule } from '../contexts/billing/module';
import { blogModule } from '../contexts/blog/module';
import { contentModule } from '../contexts/content/module';
import { forumModule } from '../contexts/forum/module';
import { identityModule } from '../contexts/identity/module';
import { learningModule } from '../contexts/learning/module';
import { libraryModule } from '../contexts/library/module';
import { operationsModule } from '../contexts/operations/module';
import { practiceModule } from '../contexts/practice/module';
import { speechModule } from '../contexts/speech/module';
import { translationModule } from '../contexts/translation/module';
import { vocabularyModule } from '../contexts/vocabulary/module';
import type { Module } from '../platform/module';

const contexts: Module[] = [
  identityModule,
  vocabularyModule,
  libraryModule,
  learningModule,
  practiceModule,
  speechModule,
  translationModule,
  contentModule,
  billingModule,
  blogModule,
  forumModule,
  operationsModule,
];

/** Analytics follows the public facts the other contexts publish (their integration mappers). */
export const analyticsModule = createAnalyticsModule(Object.assign({}, ...contexts.map((m) => m.integration ?? {})));

/** Every bounded context of the product, in the order they are composed. */
export const allModules: Module[] = [...contexts, analyticsModule];
