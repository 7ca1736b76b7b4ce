/** Builds services/dist unless it is newer than every source (or `force`); true when it built. */
export function buildServices(options?: { force?: boolean }): Promise<boolean>;
