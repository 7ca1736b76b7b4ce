import { useEffect, useState } from 'react';
import { Button, ErrorNotice, SectionHeader, Spinner, readRoute, session, toast, type SessionUser } from '@verba/kit';
import { KitProviders, useRouteQueryUntil } from '@verba/kit/query';
import { PER_PERIOD, PLAN_NAMES, formatPrice, type SubscriptionView } from '@verba/contracts';
import { getUser, subscriptionData } from '@verba/contracts/http';
import { openPortal } from './billing-api';
import { PlanCards } from './PlanCards';
import './billing.css';

const day = (ms: number) => new Date(ms).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/** What the subscription is doing now, in a sentence. */
function stateOf(s: SubscriptionView): string {
  if (s.status === 'canceled' || s.status === 'incomplete_expired')
    return `Your Master subscription ended on ${day(s.endedAt ?? s.currentPeriodEnd)}.`;
  if (s.status === 'past_due') return 'Your last payment failed. Stripe is trying your card again; update it in the portal to keep Master.';
  if (s.status === 'unpaid' || s.status === 'incomplete') return 'Your payment did not go through. Update your card in the portal.';
  if (s.cancelAtPeriodEnd) return `Cancelled: you keep Master until ${day(s.currentPeriodEnd)}, then your account is Free again.`;
  return `Renews on ${day(s.currentPeriodEnd)}.`;
}

const RETURN_NOTICES: Record<string, string> = {
  success: 'Thank you! Your payment went through.',
  cancelled: 'Checkout was cancelled. You have not been charged.',
};

/**
 * After a payment, Stripe's webhook makes the account Master on the server in its own time: the browser
 * made no write it could wait for (its position covers the checkout it started, not the webhook), so the
 * page reads again every second while the plan is still Free, for at most CONFIRM_MS (the kit's one
 * documented wait, useRouteQueryUntil).
 */
const CONFIRM_MS = 30_000;
const CONFIRM_EVERY_MS = 1000;

/** /app/user-profile/subscribe: the current plan, upgrading, the customer portal and invoices. */
export function SubscribePage() {
  return (
    <KitProviders>
      <Subscription />
    </KitProviders>
  );
}

function Subscription() {
  const returned = new URLSearchParams(window.location.search).get('checkout');
  const query = useRouteQueryUntil(
    subscriptionData,
    {},
    { until: (read) => returned !== 'success' || read?.subscription === 'master', forMs: CONFIRM_MS, everyMs: CONFIRM_EVERY_MS },
    { retry: false },
  );
  const read = query.data ?? null;
  // While confirming, a spinner until the plan is Master (or the wait ran out).
  const data = query.waiting ? null : read;
  const error = query.error?.message ?? null;
  const [opening, setOpening] = useState(false);

  // The session's user carries the subscription other pages read (publishing, the reader's premium texts).
  const subscription = data?.subscription;
  useEffect(() => {
    const user = session.get().user;
    if (!subscription || !user || user['subscription'] === subscription) return;
    void readRoute(getUser).then((fresh) => session.setUser(fresh as SessionUser));
  }, [subscription]);

  const portal = async () => {
    setOpening(true);
    try {
      await openPortal();
    } catch (e) {
      setOpening(false);
      toast({ title: (e as Error).message, variant: 'destructive' });
    }
  };

  const s = data?.stripeSubscription;
  const master = subscription === 'master';
  return (
    <main className="sh-page bl-subscribe">
      <SectionHeader section="profile" title="Subscription" subtitle="Your plan, payments and invoices." />
      {returned && RETURN_NOTICES[returned] ? (
        <p className="sh-banner" role="status">
          {RETURN_NOTICES[returned]}
          {returned === 'success' && !master ? ' Confirming your subscription…' : ''}
        </p>
      ) : null}
      {error ? <ErrorNotice title="Your subscription could not be loaded." detail={error} onRetry={() => void query.refetch()} /> : null}
      {!data && !error ? <Spinner label="Loading your subscription…" /> : null}
      {data ? (
        <>
          <section className="bl-current" aria-labelledby="bl-current">
            <h2 id="bl-current">Your plan</h2>
            <p className="bl-current__plan">{master ? 'Master' : 'Free'}</p>
            {s && master && s.plan && s.price ? (
              <p>
                {PLAN_NAMES[s.plan]} · {formatPrice(s.price.unit_amount, s.price.currency)} {PER_PERIOD[s.plan]}
              </p>
            ) : null}
            {s ? <p>{stateOf(s)}</p> : null}
            {master ? (
              <p>Unlimited text to speech, premium articles and chapters, and publishing in the public library.</p>
            ) : (
              <p>
                50 text-to-speech calls a month and the free library. Upgrade for unlimited pronunciations, premium articles and chapters,
                and public publishing.
              </p>
            )}
            {data.stripeCustomerId ? (
              <div className="bl-current__actions">
                <Button variant={master ? 'primary' : 'secondary'} onClick={() => void portal()} disabled={opening}>
                  {opening ? 'Opening…' : 'Manage subscription'}
                </Button>
              </div>
            ) : null}
          </section>
          {!master ? (
            <section aria-labelledby="bl-upgrade">
              <h2 id="bl-upgrade">Upgrade to Master</h2>
              <PlanCards />
            </section>
          ) : null}
          <section aria-labelledby="bl-invoices">
            <h2 id="bl-invoices">Invoices</h2>
            {data.invoices === null ? <p>Invoices cannot be shown just now.</p> : null}
            {data.invoices?.length === 0 ? <p>No invoices yet.</p> : null}
            {data.invoices?.length ? (
              <table className="bl-invoices">
                <thead>
                  <tr>
                    <th>Date</th>
                    <th>Number</th>
                    <th>Amount</th>
                    <th>Status</th>
                  </tr>
                </thead>
                <tbody>
                  {data.invoices.map((i) => (
                    <tr key={i.id}>
                      <td>{day(i.created)}</td>
                      <td>{i.url ? <a href={i.url}>{i.number ?? i.id}</a> : (i.number ?? i.id)}</td>
                      <td>{formatPrice(i.amountPaid, i.currency)}</td>
                      <td>{i.status === 'paid' ? 'Paid' : i.status}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
          </section>
        </>
      ) : null}
    </main>
  );
}
