/**
 * Operations has no domain events: what it shows is the platform's own bookkeeping (checkpoints, the log's
 * size, fragment pointers), and a rebuild's progress is operational state in `projection_rebuilds`, not a
 * fact of the product (a rebuild changes no fact; it recomputes a read model from the facts).
 */
export type OperationsEvent = never;
