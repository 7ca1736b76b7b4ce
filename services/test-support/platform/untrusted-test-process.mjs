// The untrusted pool's background test process: tsx for the TypeScript, then one job of untrusted-test-jobs.ts.
import { register } from 'tsx/esm/api';

register();
const { serveOneJob } = await import('../../src/platform/untrusted/child-process.ts');
const { serveJobs } = await import('../../src/platform/untrusted/serve.ts');
const { testJobs } = await import('./untrusted-test-jobs.ts');
serveOneJob(serveJobs(testJobs));
