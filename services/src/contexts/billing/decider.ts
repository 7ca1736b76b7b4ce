import { ADMIN_USER_MESSAGES, grantsMaster, type Currency, type PriceGroup } from '@verba/contracts';
import { DomainError, type Decider } from '../../platform/decider/decider';
import type { CustomerEvent, Snapshot, SubscriptionEvent } from './events';

export type CustomerCommand =
  | { kind: 'recordCustomer'; userId: string; customerId: string; at: string }
  | { kind: 'recordCheckout'; userId: string; customerId: string; sessionId: string; plan: PriceGroup; currency: Currency; at: string }
  | { kind: 'recordRefund'; userId: string; customerId: string; chargeId: string; amountRefunded: number; currency: string; at: string }
  /** `paid`: whether a Stripe subscription gives the user Master now (read by the caller from the read model). */
  | { kind: 'setManualGrant'; userId: string; granted: boolean; paid: boolean; by: string; at: string };

export interface CustomerState {
  customerId?: string;
  /** Refunded total per charge, so a repeated or older refund event changes nothing. */
  refunded: Record<string, number>;
  manualGrant: boolean;
}

/** A user's Stripe customer is recorded once; refunds only when a charge's refunded total grows. */
export const customerDecider: Decider<CustomerCommand, CustomerState, CustomerEvent> = {
  initialState: () => ({ refunded: {}, manualGrant: false }),
  decide(c, s) {
    switch (c.kind) {
      case 'recordCustomer':
        return s.customerId ? [] : [{ type: 'billing.CustomerCreated', data: { userId: c.userId, customerId: c.customerId, at: c.at } }];
      case 'recordCheckout':
        return [
          {
            type: 'billing.CheckoutStarted',
            data: { userId: c.userId, customerId: c.customerId, sessionId: c.sessionId, plan: c.plan, currency: c.currency, at: c.at },
          },
        ];
      case 'recordRefund': {
        if ((s.refunded[c.chargeId] ?? 0) >= c.amountRefunded) return [];
        const data = {
          userId: c.userId,
          customerId: c.customerId,
          chargeId: c.chargeId,
          amountRefunded: c.amountRefunded,
          currency: c.currency,
          at: c.at,
        };
        return [{ type: 'billing.RefundIssued', data }];
      }
      case 'setManualGrant': {
        if (c.granted === s.manualGrant) {
          // "Free" for someone who is Master only because they pay: not an admin's switch to flip.
          if (!c.granted && c.paid) throw new DomainError(ADMIN_USER_MESSAGES.paidSubscription, 409);
          return [];
        }
        const data = { userId: c.userId, by: c.by, at: c.at };
        return [c.granted ? { type: 'billing.MasterGranted', data } : { type: 'billing.MasterGrantRevoked', data }];
      }
    }
  },
  evolve(s, e) {
    switch (e.type) {
      case 'billing.CustomerCreated':
        return { ...s, customerId: e.data.customerId };
      case 'billing.RefundIssued':
        return { ...s, refunded: { ...s.refunded, [e.data.chargeId]: e.data.amountRefunded } };
      case 'billing.MasterGranted':
        return { ...s, manualGrant: true };
      case 'billing.MasterGrantRevoked':
        return { ...s, manualGrant: false };
      default:
        return s;
    }
  },
};

export type SubscriptionCommand = { kind: 'observe'; snapshot: Snapshot; source: 'webhook' | 'reconciliation'; at: string };
export interface SubscriptionState {
  snapshot?: Snapshot;
}

/** Over for good: Stripe never revives a cancelled or expired subscription (a new one gets a new id). */
export const isTerminal = (s: Pick<Snapshot, 'status'>) => s.status === 'canceled' || s.status === 'incomplete_expired';

/** Where a status stands in a subscription's life, to order two views Stripe made in the same second. */
const STAGE: Record<Snapshot['status'], number> = {
  incomplete: 0,
  trialing: 1,
  active: 2,
  past_due: 2,
  unpaid: 2,
  paused: 2,
  canceled: 3,
  incomplete_expired: 3,
};

/**
 * Whether `next` is older than what is known. Stripe does not deliver events in order and stamps them in
 * whole seconds: a later `created` is newer; in the same second the later stage of life, then the later
 * period end, is newer (a subscription is created incomplete and made active in the same second).
 */
export function isOlder(next: Snapshot, known: Snapshot): boolean {
  if (next.observedAt !== known.observedAt) return next.observedAt < known.observedAt;
  if (STAGE[next.status] !== STAGE[known.status]) return STAGE[next.status] < STAGE[known.status];
  return next.currentPeriodEnd < known.currentPeriodEnd;
}

const FIELDS = ['status', 'plan', 'priceId', 'currency', 'unitAmount', 'currentPeriodEnd', 'cancelAtPeriodEnd', 'endedAt'] as const;
const sameState = (a: Snapshot, b: Snapshot) => FIELDS.every((f) => a[f] === b[f]);

/** What a change from `before` to `after` was, for the log's reader. */
function changeType(before: Snapshot, after: Snapshot): SubscriptionEvent['type'] {
  if (isTerminal(after)) return 'billing.SubscriptionEnded';
  if ((after.status === 'past_due' || after.status === 'unpaid') && after.status !== before.status)
    return 'billing.SubscriptionPaymentFailed';
  if (after.currentPeriodEnd > before.currentPeriodEnd && grantsMaster(after.status)) return 'billing.SubscriptionRenewed';
  if (after.cancelAtPeriodEnd && !before.cancelAtPeriodEnd) return 'billing.SubscriptionCancelledAtPeriodEnd';
  return 'billing.SubscriptionChanged';
}

/**
 * Applies what Stripe showed of a subscription: an older view than the one known, a repeat, or anything
 * after the end changes nothing; otherwise one event says what changed, carrying the whole new view.
 */
export const subscriptionDecider: Decider<SubscriptionCommand, SubscriptionState, SubscriptionEvent> = {
  initialState: () => ({}),
  decide(c, s) {
    const data = { snapshot: c.snapshot, source: c.source, at: c.at };
    const known = s.snapshot;
    if (!known) {
      const started: SubscriptionEvent = { type: 'billing.SubscriptionStarted', data };
      return isTerminal(c.snapshot) ? [started, { type: 'billing.SubscriptionEnded', data }] : [started];
    }
    if (isTerminal(known) || sameState(c.snapshot, known)) return [];
    if (!isTerminal(c.snapshot) && isOlder(c.snapshot, known)) return [];
    return [{ type: changeType(known, c.snapshot), data } as SubscriptionEvent];
  },
  evolve: (_s, e) => ({ snapshot: e.data.snapshot }),
};
