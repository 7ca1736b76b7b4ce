import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@verba/kit';
import { Dialog } from '@verba/kit/ui';
import { FORMATS, formatLabel, type ReviewMix } from '../formats';

const NO_FORMAT = 'Pick at least one way to review';

/**
 * The session's mix, before its first answer: which formats it uses ("Flip, Cloze") and a dialog to choose
 * them and how cloze and listening are answered. Choosing starts the session again with the new mix.
 */
export function MixControl({ mix, onChange }: { mix: ReviewMix; onChange: (mix: ReviewMix) => void }) {
  const [open, setOpen] = useState(false);
  const choose = (next: ReviewMix) => {
    setOpen(false);
    onChange(next);
  };
  const picking = mix.answerMode === 'pick' && mix.formats.some((f) => f === 'cloze' || f === 'listening');
  return (
    <div className="pr-mix-control">
      <span className="pr-muted">
        This session: {mix.formats.map(formatLabel).join(', ')}
        {picking ? ' (picked from four)' : ''}
      </span>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="How to review"
        trigger={
          <Button variant="secondary" size="sm">
            Choose how to review
          </Button>
        }
      >
        <MixPicker initial={mix} onStart={choose} />
      </Dialog>
    </div>
  );
}

/** The formats (checkboxes, one at least) and how cloze and listening are answered (typed or picked). */
export function MixPicker({ initial, onStart }: { initial: ReviewMix; onStart: (mix: ReviewMix) => void }) {
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<ReviewMix>({ defaultValues: initial });
  const formats = useWatch({ control, name: 'formats' });
  const answered = Array.isArray(formats) && formats.some((f) => f === 'cloze' || f === 'listening');

  return (
    <form className="pr-mix" onSubmit={(e) => void handleSubmit(onStart)(e)}>
      <fieldset className="pr-mix__formats" aria-describedby={errors.formats ? 'review-mix-error' : undefined}>
        <legend>Ways to review</legend>
        {FORMATS.map(({ format, label, description }) => (
          <label key={format} className="pr-mix__format">
            <input
              type="checkbox"
              value={format}
              {...register('formats', { validate: (v) => (Array.isArray(v) && v.length > 0) || NO_FORMAT })}
            />
            <span>
              <strong>{label}</strong> <span className="pr-muted">{description}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {errors.formats ? (
        <p id="review-mix-error" className="vk-field__error" role="alert">
          {errors.formats.message}
        </p>
      ) : null}
      <fieldset className="pr-mix__mode" disabled={!answered}>
        <legend>Answer cloze and listening by</legend>
        <label>
          <input type="radio" value="type" {...register('answerMode')} /> Typing the word
        </label>
        <label>
          <input type="radio" value="pick" {...register('answerMode')} /> Picking it from four
        </label>
      </fieldset>
      <p className="pr-muted">The formats take turns from card to card; cloze needs a card with its sentence.</p>
      <Button type="submit">Review this way</Button>
    </form>
  );
}
