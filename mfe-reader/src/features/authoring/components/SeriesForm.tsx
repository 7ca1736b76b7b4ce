import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { TextField } from '@verba/kit';
import { LIBRARY_MESSAGES, SeriesInputSchema, ImageSrcFieldSchema } from '@verba/contracts/http';
import { TextAreaField, VisibilityField } from './fields';
import { SavingForm, useSavingForm } from './SavingForm';

export const SeriesFormSchema = SeriesInputSchema.omit({ languageCode: true, isPrivate: true, previewImgSrc: true }).extend({
  previewImgSrc: ImageSrcFieldSchema,
  visibility: z.enum(['private', 'public']),
});
export type SeriesFormInput = z.input<typeof SeriesFormSchema>;
export type SeriesFormOutput = z.output<typeof SeriesFormSchema>;

interface Props {
  initial: SeriesFormInput;
  publicAllowed: boolean;
  submitLabel: string;
  onSave: (values: SeriesFormOutput) => Promise<() => void>;
}

export function SeriesForm({ initial, publicAllowed, submitLabel, onSave }: Props) {
  const { register, errors, frame } = useSavingForm<SeriesFormInput, SeriesFormOutput>(zodResolver(SeriesFormSchema), initial, onSave);
  return (
    <SavingForm {...frame} submitLabel={submitLabel} cancelHref="/app/series">
      <TextField label="Title" required error={errors.title?.message} {...register('title')} />
      <TextAreaField label="Description (optional)" rows={4} error={errors.description?.message} {...register('description')} />
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
    </SavingForm>
  );
}
