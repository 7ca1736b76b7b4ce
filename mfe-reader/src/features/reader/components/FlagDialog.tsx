import { useState, type FormEvent } from 'react';
import { Button, toast } from '@verba/kit';
import { Dialog } from '@verba/kit/ui';
import { FLAG_REASON_MAX, LIBRARY_MESSAGES } from '@verba/contracts/http';
import { flagForReview } from '../api/feedback-api';

/** The reason for a flag, in a dialog. One plain field (not react-hook-form): the reader stays without the forms chunk. */
export function FlagDialog({ articleId, onClose }: { articleId: string; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (!text) return setError(LIBRARY_MESSAGES.reasonRequired);
    if (text.length > FLAG_REASON_MAX) return setError(LIBRARY_MESSAGES.reasonTooLong);
    setSending(true);
    setError(null);
    try {
      await flagForReview(articleId, text);
      toast({ title: 'Thank you: the article was flagged for review' });
      onClose();
    } catch (e) {
      setError((e as Error).message);
      setSending(false);
    }
  };

  return (
    <Dialog
      open
      onOpenChange={(next) => (next ? undefined : onClose())}
      title="Flag this article for review"
      description="Tell the moderators what is wrong with it (wrong language or level, offensive, copied…)."
    >
      <form onSubmit={(e) => void submit(e)} noValidate className="rd-flag-form">
        <div className="vk-field">
          <label htmlFor="rd-flag-reason" className="vk-field__label">
            Reason
            <span className="vk-field__required" aria-hidden="true">
              {' '}
              *
            </span>
          </label>
          <textarea
            id="rd-flag-reason"
            className="vk-input vk-textarea"
            rows={4}
            value={reason}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'rd-flag-reason-error' : undefined}
            onChange={(e) => setReason(e.target.value)}
          />
          {error ? (
            <p id="rd-flag-reason-error" className="vk-field__error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
        <div className="vk-dialog__footer">
          <Button type="submit" disabled={sending}>
            {sending ? 'Sending…' : 'Send flag'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
