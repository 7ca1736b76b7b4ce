/**
 * Billing's events that other contexts may read (the only file of this context they may import): analytics
 * follows subscriptions as billing publishes them (module.ts's integration mappers).
 */
export { subscriptionEvents } from './events';
