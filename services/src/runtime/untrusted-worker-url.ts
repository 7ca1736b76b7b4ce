/** Where the untrusted pool's worker is, beside this file in the sources and in the bundle alike. */
export const UNTRUSTED_WORKER = new URL('./untrusted-worker-boot.mjs', import.meta.url);

/** Where the pool's background jobs run, a process each: beside this file in the sources and in the bundle alike. */
export const BACKGROUND_JOBS = new URL('./background-jobs-boot.mjs', import.meta.url);
