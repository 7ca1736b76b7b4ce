import { useId, useState } from 'react';
import { Button, toast } from '@verba/kit';
import { Dialog } from '@verba/kit/ui';
import {
  FORUM_MESSAGES as M,
  FORUM_REASON_MAX,
  FORUM_REPORT_REASON_LABELS,
  FORUM_REPORT_REASONS,
  type ForumReportReason,
} from '@verba/contracts';
import { useReport } from './forum-api';

/** "Report": the learner picks a reason from the fixed list and may add details; nothing is sent without a reason. */
export function ReportDialog({ postId, author, onReported }: { postId: string; author: string; onReported?: () => void }) {
  const id = useId();
  const report = useReport(postId);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ForumReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [error, setError] = useState<{ reason?: string; details?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  const reset = (next: boolean) => {
    setOpen(next);
    if (next) return;
    setReason(null);
    setDetails('');
    setError({});
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = {
      ...(!reason ? { reason: M.reasonRequired } : {}),
      ...(details.trim().length > FORUM_REASON_MAX ? { details: M.reasonMax } : {}),
    };
    setError(found);
    if (!reason || Object.keys(found).length) return;
    setBusy(true);
    try {
      await report(reason, details.trim());
      toast({ title: 'Reported to the moderators' });
      reset(false);
      onReported?.();
    } catch (e) {
      setError({ form: (e as Error).message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={reset}
      trigger={
        <Button variant="ghost" size="sm">
          Report
        </Button>
      }
      title={`Report the post by ${author}`}
      description="The moderators see your report; the author does not."
    >
      <form className="fm-composer" onSubmit={submit} noValidate>
        <fieldset className="fm-reasons" aria-describedby={error.reason ? `${id}-reason-error` : undefined}>
          <legend className="vk-field__label">Why are you reporting it?</legend>
          {FORUM_REPORT_REASONS.map((r) => (
            <label key={r} className="fm-reason">
              <input type="radio" name={`${id}-reason`} value={r} checked={reason === r} onChange={() => setReason(r)} />
              {FORUM_REPORT_REASON_LABELS[r]}
            </label>
          ))}
          {error.reason ? (
            <p id={`${id}-reason-error`} className="vk-field__error">
              {error.reason}
            </p>
          ) : null}
        </fieldset>
        <div className="vk-field">
          <label htmlFor={`${id}-details`} className="vk-field__label">
            Details (optional)
          </label>
          <textarea
            id={`${id}-details`}
            className="vk-input fm-textarea"
            rows={3}
            value={details}
            onChange={(e) => setDetails(e.target.value)}
            aria-invalid={!!error.details}
            aria-describedby={error.details ? `${id}-details-error` : undefined}
          />
          {error.details ? (
            <p id={`${id}-details-error`} className="vk-field__error">
              {error.details}
            </p>
          ) : null}
        </div>
        {error.form ? (
          <p className="fm-error" role="alert">
            {error.form}
          </p>
        ) : null}
        <div className="fm-actions">
          <Button type="submit" disabled={busy}>
            Send report
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
