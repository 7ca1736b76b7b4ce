import { useEffect, useState } from 'react';
import { Button, Spinner, toast } from '@verba/kit';
import { AlertDialog, Switch } from '@verba/kit/ui';
import { fetchContact, joinList, leaveList, setUnsubscribed, updateContact, type MailingListContact } from './mailing-list-api';

const failed = (err: unknown) =>
  toast({ title: 'Your newsletter setting was not changed.', description: (err as Error).message, variant: 'destructive' });

/**
 * The newsletter: join Verba's mailing list, stop its emails (the list keeps the contact, unsubscribed), or
 * have the list forget the contact altogether. The list keeps the account's current name and address.
 */
export function Newsletter({ email, name }: { email: string; name: string }) {
  const [contact, setContact] = useState<MailingListContact | null>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const listName = name.trim() || undefined;
  const details = { email, ...(listName ? { name: listName } : {}) };
  useEffect(() => {
    fetchContact().then(setContact, (e: Error) => setError(e.message));
  }, []);

  // A name saved on this page (or changed since the learner joined) reaches the list too; a failure is said once.
  const stale = !!contact && (contact.email.toLowerCase() !== email.toLowerCase() || (listName !== undefined && contact.name !== listName));
  useEffect(() => {
    if (!stale) return;
    const current = { email, ...(listName ? { name: listName } : {}) };
    updateContact(current).then(
      () => setContact((c) => c && { ...c, ...current }),
      (err: Error) => toast({ title: 'The mailing list still has your old details.', description: err.message, variant: 'destructive' }),
    );
  }, [stale, email, listName]);

  const change = async (write: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await write();
      setContact(await fetchContact());
      toast({ title: done, variant: 'info' });
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  };
  const subscribe = (on: boolean) => {
    if (on && !contact) return change(() => joinList(details), `You will get the newsletter at ${email}.`);
    return change(() => setUnsubscribed(!on), on ? `You will get the newsletter at ${email} again.` : 'You will get no more newsletters.');
  };

  if (error)
    return (
      <p className="sh-form-error" role="alert">
        Your newsletter setting could not be loaded: {error}
      </p>
    );
  if (contact === undefined) return <Spinner label="Loading your newsletter setting…" />;
  return (
    <>
      <p>Reading tips for German, French, Spanish and Russian, and what is new at Verba, now and then by email to {email}.</p>
      <Switch
        label="Email me the newsletter"
        checked={!!contact && !contact.emailBlacklisted}
        disabled={busy}
        onCheckedChange={(on) => void subscribe(on)}
      />
      {contact ? (
        <AlertDialog
          trigger={
            <Button variant="secondary" disabled={busy}>
              Remove me from the mailing list
            </Button>
          }
          title="Remove you from the mailing list?"
          description="The mailing list forgets your email address and name. You can join again at any time."
          confirmLabel="Remove me"
          destructive
          onConfirm={() => void change(leaveList, 'The mailing list has forgotten you.')}
        />
      ) : null}
    </>
  );
}
