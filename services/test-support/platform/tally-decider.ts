import { z } from 'zod';
import { DomainError, type Decider } from '../../src/platform/decider/decider';
import { defineEvent, type EventOf } from '../../src/platform/decider/events';

/** A tiny domain for tests of the decider machinery: a tally of named items, each added at most once. */
export const ItemAdded = defineEvent(
  'ItemAdded',
  z.object({ item: z.string().min(1), amount: z.number().int(), at: z.string() }),
  // v1 had no amount: every item counted once.
  { version: 2, upcasters: { 1: (d) => ({ ...d, amount: 1 }) } },
);
export const TallyClosed = defineEvent('TallyClosed', z.object({ at: z.string() }));

export type TallyEvent = EventOf<typeof ItemAdded> | EventOf<typeof TallyClosed>;
export type TallyCommand = { kind: 'add'; item: string; amount: number; now: string } | { kind: 'close'; now: string };
export interface TallyState {
  items: Record<string, number>;
  closed: boolean;
}

export const tallyDecider: Decider<TallyCommand, TallyState, TallyEvent> = {
  initialState: () => ({ items: {}, closed: false }),
  decide(command, state) {
    if (state.closed) throw new DomainError('The tally is closed', 409);
    if (command.kind === 'close') return [{ type: 'TallyClosed', data: { at: command.now } }];
    if (command.item in state.items) return []; // already added: idempotent
    return [{ type: 'ItemAdded', data: { item: command.item, amount: command.amount, at: command.now } }];
  },
  evolve(state, event) {
    if (event.type === 'TallyClosed') return { ...state, closed: true };
    return { ...state, items: { ...state.items, [event.data.item]: event.data.amount } };
  },
};
