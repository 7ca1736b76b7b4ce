import { Button, ErrorNotice, Spinner, TextField } from '@verba/kit';
import { KitProviders } from '@verba/kit/query';
import { useDevMailbox } from './account-api';

/** Development only: the mail the app "sent" (no SMTP configured). Text only, links clickable. */
export function DevMailboxPage() {
  const to = new URLSearchParams(window.location.search).get('to') ?? undefined;
  if (!to) return <AddressForm />;
  return (
    <KitProviders>
      <Mailbox to={to} />
    </KitProviders>
  );
}

function Mailbox({ to }: { to: string }) {
  const read = useDevMailbox(to);
  const messages = read.data;
  return (
    <main className="sh-page">
      <h1>Dev mailbox for {to}</h1>
      <p>Mail the app would have sent. Set SMTP_URL to send real email instead.</p>
      {read.isError ? (
        <ErrorNotice title="The mailbox could not be read." detail={read.error.message} onRetry={() => void read.refetch()} />
      ) : null}
      {!messages && !read.isError ? <Spinner label="Loading mail…" /> : null}
      {messages?.length === 0 ? <p>No mail yet.</p> : null}
      {messages?.map((m) => (
        <article key={m.id} className="sh-mail" aria-label={m.subject}>
          <h2>{m.subject}</h2>
          <p className="sh-mail__meta">
            To {m.to} · {new Date(m.sentAt).toLocaleString()}
          </p>
          <p className="sh-mail__body">{linkify(m.text)}</p>
        </article>
      ))}
    </main>
  );
}

/** The mailbox shows one address's mail at a time (it holds reset links): ask whose. */
function AddressForm() {
  return (
    <main className="sh-page">
      <h1>Dev mailbox</h1>
      <p>Mail the app would have sent. Whose mail do you want to read?</p>
      <form method="get" action="/app/dev/mailbox">
        <TextField label="Email" name="to" type="email" required autoComplete="email" />
        <Button type="submit">Show mail</Button>
      </form>
    </main>
  );
}

/** Text with its http(s) links as anchors; everything else stays text (never HTML). */
function linkify(text: string) {
  return text.split(/(https?:\/\/\S+)/).map((part, i) =>
    i % 2 === 1 ? (
      <a key={i} href={part}>
        {part}
      </a>
    ) : (
      part
    ),
  );
}
