import { useEffect, useState } from 'react';
import { Button, Spinner, toast } from '@verba/kit';
import { AlertDialog, Switch } from '@verba/kit/ui';
import { useContact, useJoinList, useLeaveList, useSetUnsubscribed, useUpdateContact } from './mailing-list-api';

const failed = (err: unknown) =>
  toast({ title: 'Your newsletter setting was not changed.', description: (err as Error).message, variant: 'destructive' });

/**
 * The newsletter: join Verba's mailing list, stop its emails (the list keeps the contact, unsubscribed), or
 * have the list forget the contact altogether. The list keeps the account's current name and address.
 */
export function Newsletter({ email, name }: { email: string; name: string }) {
  const read = useContact();
  const join = useJoinList();
  const unsubscribe = useSetUnsubscribed();
  const leave = useLeaveList();
  const { mutate: updateContact } = useUpdateContact();
  const { refetch } = read;
  const [busy, setBusy] = useState(false);
  const contact = read.data; // undefined until read, null when not on the list
  const listName = name.trim() || undefined;
  const details = { email, ...(listName ? { name: listName } : {}) };

  // A name saved on this page (or changed since the learner joined) reaches the list too; a failure is said once.
  const stale = !!contact && (contact.email.toLowerCase() !== email.toLowerCase() || (listName !== undefined && contact.name !== listName));
  useEffect(() => {
    if (!stale) return;
    updateContact(
      { body: { email, ...(listName ? { name: listName } : {}) } },
      {
        onSuccess: () => void refetch(),
        onError: (err) =>
          toast({ title: 'The mailing list still has your old details.', description: err.message, variant: 'destructive' }),
      },
    );
  }, [stale, email, listName, updateContact, refetch]);

  /** A write, then the contact read again (the list's state has no log position to read at). */
  const change = async (write: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await write();
      await refetch({ throwOnError: true });
      toast({ title: done, variant: 'info' });
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  };
  const subscribe = (on: boolean) => {
    if (on && !contact) return change(() => join.mutateAsync({ body: details }), `You will get the newsletter at ${email}.`);
    return change(
      () => unsubscribe.mutateAsync({ body: { emailBlacklisted: !on } }),
      on ? `You will get the newsletter at ${email} again.` : 'You will get no more newsletters.',
    );
  };

  // A failed read again after a write keeps the contact on screen (the write's failure is said in a toast).
  if (read.error && contact === undefined)
    return (
      <p className="sh-form-error" role="alert">
        Your newsletter setting could not be loaded: {read.error.message}
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
          onConfirm={() => void change(() => leave.mutateAsync({}), 'The mailing list has forgotten you.')}
        />
      ) : null}
    </>
  );
}
