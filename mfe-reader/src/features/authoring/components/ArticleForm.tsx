import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { TextField } from '@verba/kit';
import { ARTICLE_CATEGORIES, LEVELS } from '@verba/contracts';
import { ArticleInputSchema, LIBRARY_MESSAGES, type Series, ImageSrcFieldSchema, SeriesIdFieldSchema } from '@verba/contracts/http';
import { SelectField, TextAreaField, VisibilityField } from './fields';
import { SavingForm, useSavingForm } from './SavingForm';

/** The contract's article input, with the form's own shapes: empty image/series are null, visibility a radio. */
export const ArticleFormSchema = ArticleInputSchema.omit({
  languageCode: true,
  isPrivate: true,
  previewImgSrc: true,
  seriesId: true,
  contentFormat: true,
}).extend({
  previewImgSrc: ImageSrcFieldSchema,
  seriesId: SeriesIdFieldSchema,
  visibility: z.enum(['private', 'public']),
});
export type ArticleFormInput = z.input<typeof ArticleFormSchema>;
export type ArticleFormOutput = z.output<typeof ArticleFormSchema>;

interface Props {
  initial: ArticleFormInput;
  series: readonly Series[];
  publicAllowed: boolean;
  /** Only administrators may make an article premium-only. */
  admin: boolean;
  submitLabel: string;
  /** Saves; throws with the server's message on failure. Resolves with where to go next. */
  onSave: (values: ArticleFormOutput) => Promise<() => void>;
}

export function ArticleForm({ initial, series, publicAllowed, admin, submitLabel, onSave }: Props) {
  const { register, errors, frame } = useSavingForm<ArticleFormInput, ArticleFormOutput>(zodResolver(ArticleFormSchema), initial, onSave);
  return (
    <SavingForm {...frame} submitLabel={submitLabel} cancelHref="/app/library">
      <TextField label="Title" required error={errors.name?.message} {...register('name')} />
      <div className="rd-form__row">
        <SelectField label="Category" required error={errors.category?.message} {...register('category')}>
          {ARTICLE_CATEGORIES.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </SelectField>
        <SelectField label="Level" required error={errors.generalDifficulty?.message} {...register('generalDifficulty')}>
          {LEVELS.map((l) => (
            <option key={l}>{l}</option>
          ))}
        </SelectField>
        <SelectField label="Series" error={errors.seriesId?.message} {...register('seriesId')}>
          <option value="">No series</option>
          {series.map((s) => (
            <option key={s.id} value={s.id}>
              {s.title}
            </option>
          ))}
        </SelectField>
      </div>
      <TextAreaField label="Text" required rows={14} error={errors.content?.message} {...register('content')} />
      <TextAreaField label="Translation (optional)" rows={5} error={errors.translation?.message} {...register('translation')} />
      <div className="rd-form__row">
        <TextField
          label="Image address (optional)"
          inputMode="url"
          placeholder="https://…"
          error={errors.previewImgSrc?.message}
          {...register('previewImgSrc')}
        />
        <TextField label="Author name (optional)" error={errors.authorDisplayName?.message} {...register('authorDisplayName')} />
      </div>
      <VisibilityField
        register={() => register('visibility')}
        publicAllowed={publicAllowed}
        publicNote={LIBRARY_MESSAGES.publicNeedsMaster}
      />
      {admin ? (
        <label className="rd-check">
          <input type="checkbox" {...register('isPremiumOnly')} /> Premium: only Master subscribers can read it
        </label>
      ) : null}
    </SavingForm>
  );
}
