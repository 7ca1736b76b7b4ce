/**
 * A decider is the pure heart of a command: `decide` turns a command and the current state into events
 * (an empty list when nothing changes, which makes retries idempotent), `evolve` folds an event into the
 * state. Time and ids are part of the command, never read from the clock inside.
 */
export interface Decider<Command, State, Event> {
  initialState(): State;
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
}

/** A rule of the domain said no; the message is meant for the user (problem+json detail). */
export class DomainError extends Error {
  override readonly name = 'DomainError';
  constructor(
    message: string,
    readonly status: 400 | 403 | 404 | 409 | 422 = 422,
  ) {
    super(message);
  }
}

export function fold<State, Event>(decider: Decider<unknown, State, Event>, events: readonly Event[]): State {
  return events.reduce((state, e) => decider.evolve(state, e), decider.initialState());
}
