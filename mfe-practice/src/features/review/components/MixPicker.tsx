import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@verba/kit';
import { FORMATS, type ReviewMix } from '../formats';

interface Props {
  initial: ReviewMix;
  /** Cards in the session about to start. */
  count: number;
  onStart: (mix: ReviewMix) => void;
}

const NO_FORMAT = 'Pick at least one way to review';

/** Before a session: the ways to review its cards (the mix) and how cloze and listening are answered. */
export function MixPicker({ initial, count, onStart }: Props) {
  const {
    register,
    handleSubmit,
    control,
    setFocus,
    formState: { errors },
  } = useForm<ReviewMix>({ defaultValues: initial });
  const formats = useWatch({ control, name: 'formats' });
  const answered = Array.isArray(formats) && formats.some((f) => f === 'cloze' || f === 'listening');
  useEffect(() => setFocus('formats'), [setFocus]);

  return (
    <form className="pr-mix" aria-labelledby="review-mix-title" onSubmit={(e) => void handleSubmit(onStart)(e)}>
      <h2 id="review-mix-title">
        {count} {count === 1 ? 'card' : 'cards'} to review
      </h2>
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
      <p className="pr-muted">Formats take turns from card to card; cloze needs a card with its sentence.</p>
      <Button type="submit">Start review</Button>
    </form>
  );
}
