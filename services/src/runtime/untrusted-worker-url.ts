/** Where the untrusted pool's worker is, beside this file in the sources and in the bundle alike. */
export const UNTRUSTED_WORKER = new URL('./untrusted-worker-boot.mjs', import.meta.url);
