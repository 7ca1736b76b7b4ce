import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { Button, TextAreaField, TextField, toast } from '@verba/kit';
import { Dialog } from '@verba/kit/ui';
import { FlashcardFormSchema, FlashcardSentenceSchema, type Flashcard, type ReadingSentence } from '@verba/contracts';
import { useEditFlashcard } from '../api/flashcards';
import { SentencePicker } from './SentencePicker';

/** The flashcard form of spec §5 and the card's sentence ('' removes it, at most FLASHCARD_SENTENCE_MAX characters). */
const EditFormSchema = FlashcardFormSchema.extend({ sentence: FlashcardSentenceSchema });
type EditForm = z.infer<typeof EditFormSchema>;

/** The text a picked sentence came from (an article or a course chapter): saved as the card's origin, so the card links back to it. */
type PickedFrom = Pick<ReadingSentence, 'origin' | 'originId' | 'title'>;

/** The flashcard form in a dialog; the contract's schemas give "Required", the 300-letter and the sentence-length messages. */
export function EditCardDialog({ card, onClose }: { card: Flashcard; onClose: () => void }) {
  const edit = useEditFlashcard();
  const [formError, setFormError] = useState<string | null>(null);
  const [looking, setLooking] = useState(false);
  const [pickedFrom, setPickedFrom] = useState<PickedFrom | null>(null);
  const { register, handleSubmit, formState, setValue, getValues } = useForm<EditForm>({
    resolver: zodResolver(EditFormSchema),
    defaultValues: { sourceValue: card.sourceValue, targetValue: card.targetValue, sentence: card.sentence ?? '' },
    mode: 'onTouched',
  });
  const pick = (found: ReadingSentence) => {
    setValue('sentence', found.sentence, { shouldDirty: true, shouldValidate: true });
    setPickedFrom({ origin: found.origin, originId: found.originId, title: found.title });
    setLooking(false);
  };
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    const origin = pickedFrom ? { origin: pickedFrom.origin, originId: pickedFrom.originId, originName: pickedFrom.title } : {};
    try {
      await edit.mutateAsync({ body: { id: card.id, ...values, ...origin } });
      toast({ title: 'Flashcard saved' });
      onClose();
    } catch (error) {
      setFormError(error instanceof Error ? error.message : 'The flashcard could not be saved.');
    }
  });
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Edit flashcard">
      <form onSubmit={onSubmit} noValidate>
        {formError ? (
          <p className="pr-form-error" role="alert">
            {formError}
          </p>
        ) : null}
        <TextField label="Word or phrase" required error={formState.errors.sourceValue?.message} {...register('sourceValue')} />
        <TextField label="Translation" required error={formState.errors.targetValue?.message} {...register('targetValue')} />
        <TextAreaField
          label="Sentence"
          lang={card.languageCode}
          rows={3}
          placeholder="A sentence with the word (leave empty for none)"
          error={formState.errors.sentence?.message}
          {...register('sentence')}
        />
        {pickedFrom ? (
          <p className="pr-picker__from">
            From the {pickedFrom.origin}: {pickedFrom.title}
          </p>
        ) : null}
        <Button size="sm" variant="secondary" aria-expanded={looking} onClick={() => setLooking((open) => !open)}>
          Find a sentence in my reading
        </Button>
        {looking ? <SentencePicker languageCode={card.languageCode} word={getValues('sourceValue')} onPick={pick} /> : null}
        <div className="vk-dialog__footer">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
