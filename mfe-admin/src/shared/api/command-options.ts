import type { RouteDef } from '@verba/kit';
import type { useCommand } from '@verba/kit/query';

/** What a feature's command hook hands on to useCommand (onSuccess, onError...): each feature names its commands in its api/. */
export type CommandOptions<D extends RouteDef> = NonNullable<Parameters<typeof useCommand<D>>[1]>;
