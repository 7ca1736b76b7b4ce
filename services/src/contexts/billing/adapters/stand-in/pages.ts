import { PER_PERIOD, PLAN_NAMES, formatPrice, type Currency } from '@verba/contracts';
import { planOf } from '../stripe/catalog';

type Obj = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- Stripe's JSON

const escape = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const day = (seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

export const planName = (price: Obj) => PLAN_NAMES[planOf(price.recurring) ?? 'monthly'];
const amount = (price: Obj) =>
  `${formatPrice(price.unit_amount, price.currency as Currency)} ${PER_PERIOD[planOf(price.recurring) ?? 'monthly']}`;

/** No scripts at all; styles inline. */
export const PAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'";

const STYLE = `body{font-family:system-ui,sans-serif;background:#f6f9fc;color:#1a1f36;margin:0}
main{max-width:30rem;margin:3rem auto;background:#fff;border-radius:12px;box-shadow:0 6px 24px #0001;padding:2rem}
h1{font-size:1.4rem;margin:0 0 .25rem}.muted{color:#697386}.price{font-size:2rem;font-weight:700;margin:.5rem 0 1.5rem}
label{display:block;font-size:.9rem;margin:.8rem 0 .3rem}input{width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #c1c9d2;border-radius:6px;font-size:1rem}
.row{display:flex;gap:.75rem}.row>div{flex:1}button{margin-top:1.5rem;width:100%;padding:.8rem;border:0;border-radius:6px;background:#635bff;color:#fff;font-size:1rem;font-weight:600;cursor:pointer}
button.secondary{background:#fff;color:#cd3d64;border:1px solid #cd3d64}.error{color:#cd3d64;font-weight:600}.badge{display:inline-block;background:#fff4d6;color:#8a5a00;border-radius:4px;padding:.15rem .5rem;font-size:.8rem;margin-bottom:1rem}
table{width:100%;border-collapse:collapse;margin-top:.5rem}td{padding:.4rem 0;border-bottom:1px solid #e3e8ee}a{color:#635bff}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)}</title><style>${STYLE}</style></head><body><main>
<span class="badge">Test mode: Verba's local Stripe stand-in, no money moves</span>
${body}</main></body></html>`;
}

export function checkoutPage(session: Obj, price: Obj, error?: string): string {
  return page(
    'Subscribe to Verba Master',
    `<p class="muted">Verba</p><h1>Subscribe to Verba Master · ${escape(planName(price))}</h1>
<p class="price">${escape(amount(price))}</p>
${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
<form method="post" action="/checkout/${escape(session.id)}">
<label for="card">Card number</label><input id="card" name="card" inputmode="numeric" autocomplete="cc-number" value="4242 4242 4242 4242">
<div class="row"><div><label for="exp">Expiry</label><input id="exp" name="exp" value="12 / 34"></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" value="123"></div></div>
<label for="name">Name on card</label><input id="name" name="name" autocomplete="cc-name" value="Test Learner">
<button type="submit">Subscribe</button></form>
<p class="muted">Test card 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined.</p>
<p><a href="${escape(session.cancel_url)}">← Back to Verba</a></p>`,
  );
}

export function portalPage(session: Obj, subscriptions: Obj[], invoices: Obj[]): string {
  const subs = subscriptions.map((s) => {
    const item = s.items.data[0];
    const state =
      s.status === 'canceled'
        ? `Ended on ${day(s.ended_at)}`
        : s.cancel_at_period_end
          ? `Cancelled: ends on ${day(item.current_period_end)}`
          : `Renews on ${day(item.current_period_end)}`;
    const action =
      s.status === 'canceled'
        ? ''
        : s.cancel_at_period_end
          ? `<form method="post" action="/portal/${escape(session.id)}/resume"><input type="hidden" name="subscription" value="${escape(s.id)}"><button type="submit">Renew subscription</button></form>`
          : `<form method="post" action="/portal/${escape(session.id)}/cancel"><input type="hidden" name="subscription" value="${escape(s.id)}"><button type="submit" class="secondary">Cancel subscription</button></form>`;
    return `<section><h2>Verba Master · ${escape(planName(item.price))}</h2><p>${escape(amount(item.price))}</p><p><strong>${escape(state)}</strong></p>${action}</section>`;
  });
  const rows = invoices
    .map(
      (i) =>
        `<tr><td>${escape(day(i.created))}</td><td>${escape(formatPrice(i.amount_paid, i.currency as Currency))}</td><td>${escape(i.status)}</td></tr>`,
    )
    .join('');
  return page(
    'Manage your Verba subscription',
    `<p class="muted">Verba</p><h1>Manage your subscription</h1>
${subs.join('') || '<p>You have no subscriptions.</p>'}
<h2>Invoices</h2>${rows ? `<table>${rows}</table>` : '<p class="muted">No invoices yet.</p>'}
${session.return_url ? `<p><a href="${escape(session.return_url)}">← Return to Verba</a></p>` : ''}`,
  );
}

export const notFoundPage = () => page('Not found', '<h1>This page has expired or does not exist.</h1>');
