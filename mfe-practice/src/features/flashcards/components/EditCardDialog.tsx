import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, TextField, toast } from '@verba/kit';
import { Dialog } from '@verba/kit/ui';
import { FlashcardFormSchema, type Flashcard, type FlashcardForm } from '@verba/contracts';
import { useEditFlashcard } from '../api/flashcards';

/** The flashcard form of spec §5 in a dialog; the contract's schema gives "Required" and the 300-letter message. */
export function EditCardDialog({ card, onClose }: { card: Flashcard; onClose: () => void }) {
  const edit = useEditFlashcard();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<FlashcardForm>({
    resolver: zodResolver(FlashcardFormSchema),
    defaultValues: { sourceValue: card.sourceValue, targetValue: card.targetValue },
    mode: 'onTouched',
  });
  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await edit.mutateAsync({ body: { id: card.id, ...values } });
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
