// The untrusted pool's test worker: tsx for the TypeScript, then the jobs (see untrusted-test-jobs.ts).
import { register } from 'tsx/esm/api';

register();
const jobs = await import('./untrusted-test-jobs.ts');
export default jobs.default;
