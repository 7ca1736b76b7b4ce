import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { PREMIUM_MESSAGES, type Currency, type PriceGroup } from '@verba/contracts';
import { z } from 'zod';
import { EventCodec } from '../../platform/decider/events';
import { fold } from '../../platform/decider/decider';
import { handleCommand } from '../../platform/decider/handle-command';
import type { EventStore, Position } from '../../platform/event-store/port';
import { HttpError } from '../../platform/http/problem';
import type { Logger } from '../../platform/logger';
import type { Payments } from './adapters/stripe/port';
import { customerDecider, subscriptionDecider, type CustomerCommand } from './decider';
import { customerEvents, customerStream, subscriptionEvents, subscriptionStream, type Snapshot } from './events';
import { customerIdOf, snapshotOf } from './domain/snapshot';
import type { BillingQueries } from './queries';

const customerCodec = new EventCodec([...customerEvents]);
const subscriptionCodec = new EventCodec([...subscriptionEvents]);
const Uuid = z.uuid();

/** Stripe events that carry a subscription's whole state. */
const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
]);

export interface BillingCommandDeps {
  store: EventStore;
  payments: Payments;
  queries: BillingQueries;
  log: Logger;
  now: () => Date;
}

/**
 * Billing's writes. Customer and Checkout are created at Stripe first (idempotency keys from the user and
 * the command, so a retry gets the same ones) and then recorded; everything a subscription does is learned
 * from Stripe (webhooks, reconciliation) and appended once per Stripe event.
 */
export class BillingCommands {
  constructor(private readonly d: BillingCommandDeps) {}

  private at = () => this.d.now().toISOString();

  private async customer(command: CustomerCommand, commandId: string) {
    return handleCommand({
      store: this.d.store,
      codec: customerCodec,
      decider: customerDecider,
      streamId: customerStream(command.userId),
      command,
      commandId,
      actor: command.userId,
    });
  }

  private async customerIdInLog(userId: string): Promise<string | undefined> {
    const events = (await this.d.store.readStream(customerStream(userId))).map((r) => customerCodec.decode(r));
    return fold(customerDecider, events).customerId;
  }

  /** The user's Stripe customer, made on first need (one per user: the log decides a race). */
  async ensureCustomer(userId: string): Promise<string> {
    const known = await this.customerIdInLog(userId);
    if (known) return known;
    const customerId = await this.d.payments.createCustomer(userId);
    const result = await this.customer({ kind: 'recordCustomer', userId, customerId, at: this.at() }, `customer-${userId}`);
    return result.events.length ? customerId : ((await this.customerIdInLog(userId)) ?? customerId);
  }

  async startCheckout(
    userId: string,
    plan: PriceGroup,
    currency: Currency,
    commandId: string,
    returnTo: string,
  ): Promise<{ url: string; sessionId: string; position?: Position }> {
    // A manual grant does not stop a user from paying (the grant can be taken back).
    if (await this.d.queries.entitlements.paysForMaster(userId)) throw new HttpError(409, PREMIUM_MESSAGES.alreadyMaster);
    const customerId = await this.ensureCustomer(userId);
    const prices = await this.d.payments.prices(currency);
    const session = await this.d.payments.createCheckoutSession({
      customerId,
      userId,
      priceId: prices[plan].priceId,
      successUrl: `${returnTo}?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${returnTo}?checkout=cancelled`,
      // Scoped to the user: a command id someone else reused never reaches their checkout session.
      idempotencyKey: `verba-checkout-${userId}-${commandId}`,
    });
    const { position } = await this.customer(
      { kind: 'recordCheckout', userId, customerId, sessionId: session.id, plan, currency, at: this.at() },
      commandId,
    );
    return { url: session.url, sessionId: session.id, ...(position ? { position } : {}) };
  }

  /** An admin's manual grant of Master (or its end); the event names the admin. */
  async setManualGrant(userId: string, granted: boolean, by: string): Promise<Position | undefined> {
    const paid = await this.d.queries.entitlements.paysForMaster(userId);
    const { position } = await handleCommand({
      store: this.d.store,
      codec: customerCodec,
      decider: customerDecider,
      streamId: customerStream(userId),
      command: { kind: 'setManualGrant', userId, granted, paid, by, at: this.at() },
      commandId: randomUUID(),
      actor: by,
    });
    return position;
  }

  /** Records what Stripe showed of a subscription; older views and repeats change nothing. */
  async observe(
    snapshot: Snapshot,
    source: 'webhook' | 'reconciliation',
    commandId: string,
  ): Promise<{ changed: boolean; position?: Position }> {
    const result = await handleCommand({
      store: this.d.store,
      codec: subscriptionCodec,
      decider: subscriptionDecider,
      streamId: subscriptionStream(snapshot.subscriptionId),
      command: { kind: 'observe', snapshot, source, at: this.at() },
      commandId,
      actor: snapshot.userId,
    });
    return { changed: result.events.length > 0, ...(result.position ? { position: result.position } : {}) };
  }

  /** The Verba user a Stripe customer belongs to: as recorded, else as Checkout wrote it in the metadata. */
  async userFor(customerId: string | undefined, metadata: Stripe.Metadata | null | undefined): Promise<string | undefined> {
    const recorded = customerId ? await this.d.queries.userOfCustomer(customerId) : undefined;
    return recorded ?? Uuid.safeParse(metadata?.userId).data;
  }

  /**
   * Applies one verified Stripe event; its id is the command id, so a redelivery appends nothing. Events of
   * customers Verba does not know (made in the dashboard) and types it does not use are acknowledged and skipped.
   */
  async applyStripeEvent(event: Stripe.Event): Promise<void> {
    if (SUBSCRIPTION_EVENTS.has(event.type)) {
      const sub = event.data.object as Stripe.Subscription;
      const userId = await this.userFor(customerIdOf(sub), sub.metadata);
      if (!userId) return this.skip(event, 'a subscription of a customer Verba does not know');
      await this.observe(snapshotOf(sub, userId, event.created), 'webhook', event.id);
    } else if (event.type === 'charge.refunded') {
      const charge = event.data.object;
      const customerId = customerIdOf(charge);
      const userId = await this.userFor(customerId, charge.metadata);
      if (!userId || !customerId) return this.skip(event, 'a refund to a customer Verba does not know');
      await this.customer(
        {
          kind: 'recordRefund',
          userId,
          customerId,
          chargeId: charge.id,
          amountRefunded: charge.amount_refunded,
          currency: charge.currency,
          at: this.at(),
        },
        event.id,
      );
    }
  }

  private skip(event: Stripe.Event, why: string): void {
    this.d.log.warn({ stripeEvent: event.id, type: event.type }, `Stripe event skipped: ${why}`);
  }
}
