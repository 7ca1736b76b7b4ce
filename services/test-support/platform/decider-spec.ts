import { expect } from 'vitest';
import type { Decider } from '../../src/platform/decider/decider';

/**
 * Given/when/then for deciders:
 * `spec(decider).given([e1, e2]).when(command).then([e3])` or `.thenThrows('message')`.
 */
export function deciderSpec<C, S, E>(decider: Decider<C, S, E>) {
  return {
    given(history: E[]) {
      const state = history.reduce((s, e) => decider.evolve(s, e), decider.initialState());
      return {
        when(command: C) {
          return {
            then(expected: E[]) {
              expect(decider.decide(command, state)).toEqual(expected);
            },
            thenThrows(message: string | RegExp) {
              expect(() => decider.decide(command, state)).toThrow(message);
            },
            thenState(expected: S) {
              const events = decider.decide(command, state);
              expect(events.reduce((s, e) => decider.evolve(s, e), state)).toEqual(expected);
            },
          };
        },
      };
    },
  };
}
