// The untrusted pool's worker for jobs.test.ts: the alignment job alone, as runtime/untrusted-worker.ts
// serves every job (worker threads do not inherit the TypeScript loader, so tsx is registered first).
import { register } from 'tsx/esm/api';

register();
const { serveJobs } = await import('../../../../platform/untrusted/serve.ts');
const { speechAlignmentJobs } = await import('./jobs.ts');
export default serveJobs(speechAlignmentJobs());
