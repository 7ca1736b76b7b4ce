import { useCallback } from 'react';
import { useMutation, type MutateOptions, type UseMutationOptions } from '@tanstack/react-query';
// Through the package name: the one client and position store of the main kit singleton.
import {
  callCommand,
  withCommandId,
  type ApiError,
  type CallInput,
  type CommandInput,
  type CommandOutput,
  type RouteDef,
} from '@verba/kit';

type Input<D extends RouteDef> = Omit<CallInput<D>, 'signal'>;

/**
 * A write to a contract route through TanStack Query (`onSuccess`/`onError`, `isPending` as useMutation).
 * Each `mutate` is one logical command: its command id is made before TanStack sees the variables, so
 * a retry (`retry` option) resends the same id and the server applies it once. The answer's position
 * is recorded before `onSuccess` runs, so reads it starts already wait for the write.
 */
export function useCommand<D extends RouteDef, Context = unknown>(
  route: D,
  options: Omit<UseMutationOptions<CommandOutput<D>, ApiError, Input<D>, Context>, 'mutationFn'> = {},
) {
  const mutation = useMutation<CommandOutput<D>, ApiError, Input<D>, Context>({
    mutationFn: (input) => callCommand(route, input as CallInput<D>),
    ...options,
  });
  const { mutate: run, mutateAsync: runAsync } = mutation;
  type Options = MutateOptions<CommandOutput<D>, ApiError, Input<D>, Context>;
  const mutate = useCallback((input: CommandInput<D>, opts?: Options) => run(withCommandId(route, input), opts), [run, route]);
  const mutateAsync = useCallback(
    (input: CommandInput<D>, opts?: Options) => runAsync(withCommandId(route, input), opts),
    [runAsync, route],
  );
  return { ...mutation, mutate, mutateAsync };
}

/** `placeholderData` that keeps the last answer on screen while a re-keyed read refetches. */
export const keepPrevious = <T>(previous: T | undefined): T | undefined => previous;
