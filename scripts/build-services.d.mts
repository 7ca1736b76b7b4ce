/** services/dist, where `npm start`'s bundle is built. */
export const servicesDist: string;
/** Whether services/dist was built after the last change to any source. */
export function servicesBuildCurrent(): boolean;
/** Builds services/dist unless it is current (or `force`); true when it built. */
export function buildServices(options?: { force?: boolean }): Promise<boolean>;
