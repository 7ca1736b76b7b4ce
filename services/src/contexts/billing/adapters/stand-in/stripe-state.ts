import { CURRENCIES, PRICE_GROUPS } from '@verba/contracts';
import { RECURRING, STAND_IN_AMOUNTS, lookupKey } from '../stripe/catalog';
import { newId, type ObjectStore, type StripeObject } from './objects';

/**
 * The API version the installed SDK speaks (its `Stripe.API_VERSION`; signature.test.ts checks they agree), written
 * here so the stand-in does not load the SDK at start.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive';

type Obj = StripeObject & Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- Stripe's JSON, shaped by hand
type Params = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a request's decoded form

const PRODUCT_ID = 'prod_verba_master';
export const CLOCK_ID = 'clock_standin';

/** A month or years after `seconds`, as Stripe bills (calendar months, UTC). */
function addPeriod(seconds: number, recurring: { interval: string; interval_count: number }): number {
  const d = new Date(seconds * 1000);
  if (recurring.interval === 'month') d.setUTCMonth(d.getUTCMonth() + recurring.interval_count);
  else d.setUTCFullYear(d.getUTCFullYear() + recurring.interval_count);
  return Math.floor(d.getTime() / 1000);
}

export const TEST_CARD = '4242424242424242';
export const DECLINED_CARD = '4000000000000002';

/**
 * The stand-in's Stripe: customers, Verba's prices, Checkout and portal sessions, subscriptions, invoices
 * and the events they cause, on a clock that tests may move (like a Stripe test clock). Every change is
 * saved through the ObjectStore and each event is handed to `emit` (the webhook sender).
 */
export class StandInStripe {
  readonly objects = new Map<string, Obj>();
  private invoiceNumber = 0;

  constructor(
    private readonly store: ObjectStore,
    private readonly emit: (event: Obj) => void,
  ) {}

  async load(): Promise<void> {
    for (const o of await this.store.load()) this.objects.set(o.id, o as Obj);
    this.invoiceNumber = this.all('invoice').length;
    if (!this.objects.has(CLOCK_ID)) await this.save({ id: CLOCK_ID, object: 'test_helpers.test_clock', offset: 0, status: 'ready' });
    if (!this.objects.has(PRODUCT_ID))
      await this.save({ id: PRODUCT_ID, object: 'product', name: 'Verba Master', active: true, created: this.now(), livemode: false });
    for (const currency of CURRENCIES) {
      for (const plan of PRICE_GROUPS) {
        const id = `price_${plan}_${currency}`;
        if (this.objects.has(id)) continue;
        const recurring = { ...RECURRING[plan], usage_type: 'licensed', meter: null, trial_period_days: null };
        await this.save({
          id,
          object: 'price',
          active: true,
          currency,
          unit_amount: STAND_IN_AMOUNTS[currency][plan],
          lookup_key: lookupKey(plan, currency),
          product: PRODUCT_ID,
          recurring,
          type: 'recurring',
          billing_scheme: 'per_unit',
          created: this.now(),
          livemode: false,
          metadata: {},
          nickname: null,
        });
      }
    }
  }

  /** The stand-in's time in unix seconds: the real clock plus what the test clock was advanced by. */
  now(): number {
    return Math.floor(Date.now() / 1000) + ((this.objects.get(CLOCK_ID)?.offset as number | undefined) ?? 0);
  }

  get(id: string, object: string): Obj | undefined {
    const o = this.objects.get(id);
    return o?.object === object ? o : undefined;
  }

  all(object: string): Obj[] {
    return [...this.objects.values()]
      .filter((o) => o.object === object)
      .sort((a, b) => (b.created ?? 0) - (a.created ?? 0) || (a.id < b.id ? 1 : -1));
  }

  private async save(o: Obj): Promise<Obj> {
    this.objects.set(o.id, o);
    await this.store.save(o);
    return o;
  }

  private event(type: string, object: Obj): void {
    this.emit({
      id: newId('evt'),
      object: 'event',
      api_version: STRIPE_API_VERSION,
      created: this.now(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(object) },
    });
  }

  async createCustomer(params: Params): Promise<Obj> {
    return this.save({
      id: newId('cus'),
      object: 'customer',
      created: this.now(),
      email: params.email ?? null,
      metadata: params.metadata ?? {},
      livemode: false,
      test_clock: CLOCK_ID,
    });
  }

  async createCheckoutSession(params: Params, baseUrl: string): Promise<Obj> {
    const priceId = params.line_items?.[0]?.price;
    const price = this.get(String(priceId), 'price');
    if (!price) throw new StandInError(400, `No such price: '${priceId}'`, 'line_items[0][price]');
    if (params.mode !== 'subscription') throw new StandInError(400, 'The stand-in only runs Checkout in subscription mode.', 'mode');
    if (!this.get(String(params.customer), 'customer')) throw new StandInError(400, `No such customer: '${params.customer}'`, 'customer');
    const id = newId('cs_test');
    return this.save({
      id,
      object: 'checkout.session',
      mode: 'subscription',
      status: 'open',
      payment_status: 'unpaid',
      customer: params.customer,
      client_reference_id: params.client_reference_id ?? null,
      metadata: params.metadata ?? {},
      success_url: params.success_url,
      cancel_url: params.cancel_url,
      url: `${baseUrl}/checkout/${id}`,
      subscription: null,
      currency: price.currency,
      amount_total: price.unit_amount,
      created: this.now(),
      expires_at: this.now() + 24 * 3600,
      livemode: false,
      line_items: { object: 'list', data: [{ price: price.id, quantity: 1 }], has_more: false },
      subscription_metadata: params.subscription_data?.metadata ?? {},
    });
  }

  async createPortalSession(params: Params, baseUrl: string): Promise<Obj> {
    if (!this.get(String(params.customer), 'customer')) throw new StandInError(400, `No such customer: '${params.customer}'`, 'customer');
    const id = newId('bps');
    return this.save({
      id,
      object: 'billing_portal.session',
      customer: params.customer,
      return_url: params.return_url ?? null,
      url: `${baseUrl}/portal/${id}`,
      created: this.now(),
      livemode: false,
    });
  }

  /** Pays a Checkout Session with a test card: the subscription starts, its first invoice is paid. */
  async pay(sessionId: string, card: string): Promise<{ ok: true; redirect: string } | { ok: false; message: string }> {
    const session = this.get(sessionId, 'checkout.session');
    if (!session || session.status !== 'open') return { ok: false, message: 'This checkout is no longer open.' };
    const number = card.replace(/\D/g, '');
    if (number === DECLINED_CARD) return { ok: false, message: 'Your card was declined.' };
    if (number !== TEST_CARD) return { ok: false, message: `Use the test card ${TEST_CARD.replace(/(\d{4})(?=\d)/g, '$1 ')}.` };
    const price = this.get(session.line_items.data[0].price, 'price')!;
    const start = this.now();
    const subId = newId('sub');
    const sub = await this.save({
      id: subId,
      object: 'subscription',
      customer: session.customer,
      status: 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      created: start,
      start_date: start,
      currency: price.currency,
      metadata: session.subscription_metadata,
      livemode: false,
      collection_method: 'charge_automatically',
      latest_invoice: null,
      test_clock: CLOCK_ID,
      items: {
        object: 'list',
        has_more: false,
        url: `/v1/subscription_items?subscription=${subId}`,
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            price,
            quantity: 1,
            subscription: subId,
            created: start,
            current_period_start: start,
            current_period_end: addPeriod(start, price.recurring),
            metadata: {},
          },
        ],
      },
    });
    this.event('customer.subscription.created', sub);
    await this.invoice(sub, start);
    await this.save({ ...session, status: 'complete', payment_status: 'paid', subscription: subId });
    this.event('checkout.session.completed', this.objects.get(sessionId)!);
    return { ok: true, redirect: String(session.success_url).replace('{CHECKOUT_SESSION_ID}', sessionId) };
  }

  private async invoice(sub: Obj, at: number): Promise<void> {
    const item = sub.items.data[0];
    const id = newId('in');
    const invoice = await this.save({
      id,
      object: 'invoice',
      customer: sub.customer,
      number: `VERBA-${String(++this.invoiceNumber).padStart(4, '0')}`,
      status: 'paid',
      amount_due: item.price.unit_amount,
      amount_paid: item.price.unit_amount,
      currency: item.price.currency,
      created: at,
      livemode: false,
      hosted_invoice_url: null,
      parent: { type: 'subscription_details', subscription_details: { subscription: sub.id, metadata: sub.metadata } },
    });
    await this.save({ ...this.objects.get(sub.id)!, latest_invoice: id });
    this.event('invoice.paid', invoice);
  }

  /** Cancel at the period end, or take that back (the portal's buttons, or the API's update). */
  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<Obj> {
    const sub = this.get(subscriptionId, 'subscription');
    if (!sub) throw new StandInError(404, `No such subscription: '${subscriptionId}'`, 'id');
    if (sub.status === 'canceled') throw new StandInError(400, 'A canceled subscription can only be viewed.', 'cancel_at_period_end');
    if (sub.cancel_at_period_end === cancel) return sub;
    const periodEnd = sub.items.data[0].current_period_end;
    const updated = await this.save({
      ...sub,
      cancel_at_period_end: cancel,
      cancel_at: cancel ? periodEnd : null,
      canceled_at: cancel ? this.now() : null,
    });
    this.event('customer.subscription.updated', updated);
    return updated;
  }

  /**
   * Moves the clock to `frozenTime` (never back) and does what Stripe would have done meanwhile: ends the
   * subscriptions cancelled at their period end, and renews (and invoices) the others.
   */
  async advanceClock(frozenTime: number): Promise<Obj> {
    const clock = this.objects.get(CLOCK_ID)!;
    if (frozenTime < this.now()) throw new StandInError(400, 'The test clock cannot go back in time.', 'frozen_time');
    await this.save({ ...clock, offset: frozenTime - Math.floor(Date.now() / 1000) });
    for (const sub of this.all('subscription')
      .filter((s) => s.status !== 'canceled')
      .reverse()) {
      let current = sub;
      const item = () => current.items.data[0];
      if (item().current_period_end > frozenTime) continue;
      if (current.cancel_at_period_end) {
        current = await this.save({ ...current, status: 'canceled', ended_at: item().current_period_end });
        this.event('customer.subscription.deleted', current);
        continue;
      }
      while (item().current_period_end <= frozenTime) {
        const start = item().current_period_end;
        const next = { ...item(), current_period_start: start, current_period_end: addPeriod(start, item().price.recurring) };
        current = await this.save({ ...current, items: { ...current.items, data: [next] } });
        await this.invoice(current, start);
        current = this.objects.get(current.id)!;
      }
      this.event('customer.subscription.updated', current);
    }
    return { id: CLOCK_ID, object: 'test_helpers.test_clock', frozen_time: this.now(), status: 'ready', livemode: false };
  }
}

/** An API error the stand-in answers in Stripe's shape. */
export class StandInError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly param?: string,
  ) {
    super(message);
  }
}
