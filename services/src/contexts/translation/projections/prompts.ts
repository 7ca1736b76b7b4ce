import type { Projection } from '../../../platform/projections/projection';
import { EventCodec } from '../../../platform/decider/events';
import { PromptUpdated } from '../events';
import { adminReads } from '../../../platform/projections/admin-reads';

const codec = new EventCodec([PromptUpdated]);

/** The AI prompts: the current text of each, and every version ever saved (newest wins by version). */
export const promptsProjection: Projection = {
  name: 'translation-prompts',
  version: 1,
  tables: ['translation_prompts', 'translation_prompt_versions'],
  eventTypes: [PromptUpdated.type],
  ...adminReads.projectionHooks('translation-prompts'),
  async setup(trx, t) {
    await trx.schema.createTable(t('translation_prompts'), (tb) => {
      tb.text('kind').primary();
      tb.text('prompt').notNullable();
      tb.integer('version').notNullable();
      tb.text('updated_by').notNullable();
      tb.timestamp('updated_at', { useTz: true }).notNullable();
    });
    await trx.schema.createTable(t('translation_prompt_versions'), (tb) => {
      tb.text('kind').notNullable();
      tb.integer('version').notNullable();
      tb.text('prompt').notNullable();
      tb.text('updated_by').notNullable();
      tb.timestamp('updated_at', { useTz: true }).notNullable();
      tb.primary(['kind', 'version']);
    });
  },
  async apply(events, { trx, t }) {
    for (const recorded of events) {
      const { data } = codec.decode(recorded);
      const row = { kind: data.kind, prompt: data.prompt, version: data.version, updated_by: data.updatedBy, updated_at: data.at };
      // Both writes are idempotent, so applying an event twice changes nothing.
      await trx(t('translation_prompt_versions')).insert(row).onConflict(['kind', 'version']).ignore();
      await trx(t('translation_prompts'))
        .insert(row)
        .onConflict('kind')
        .merge()
        .where(`${t('translation_prompts')}.version`, '<', data.version);
    }
  },
};
