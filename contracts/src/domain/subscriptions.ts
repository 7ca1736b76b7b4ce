import { z } from 'zod';

export const SUBSCRIPTIONS = ['free', 'master'] as const;
export const SubscriptionSchema = z.enum(SUBSCRIPTIONS);
export type Subscription = (typeof SUBSCRIPTIONS)[number];
