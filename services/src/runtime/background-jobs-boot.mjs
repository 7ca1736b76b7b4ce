// A background job's process does not inherit the server's TypeScript loader: register tsx, then serve the job.
// (In the bundle, background-jobs-boot.mjs is background-jobs.ts itself: see scripts/build-services.mjs.)
import { register } from 'tsx/esm/api';

register();
await import('./background-jobs.ts');
