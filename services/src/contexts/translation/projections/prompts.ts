import { adminPagesCache, defineProjection, insert, upsert, when } from '../../../platform/projections/declare';
import { PromptUpdated } from '../events';

/** The AI prompts: the current text of each, and every version ever saved (newest wins by version). */
export const promptsProjection = defineProjection({
  name: 'translation-prompts',
  version: 1,
  tables: {
    translation_prompts: {
      key: ['kind'],
      columns: { kind: 'text', prompt: 'text', version: 'integer', updated_by: 'text', updated_at: 'timestamptz' },
    },
    translation_prompt_versions: {
      key: ['kind', 'version'],
      columns: { kind: 'text', version: 'integer', prompt: 'text', updated_by: 'text', updated_at: 'timestamptz' },
    },
  },
  caches: [adminPagesCache()],
  on: [
    when(PromptUpdated, (e) => {
      const row = { kind: e.kind, prompt: e.prompt, version: e.version, updated_by: e.updatedBy, updated_at: e.at };
      return [insert('translation_prompt_versions', row), upsert('translation_prompts', row, { newerBy: 'version' })];
    }),
  ],
});
