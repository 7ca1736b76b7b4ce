// The untrusted pool's worker for bench/alignment.ts: the alignment job alone, served as
// runtime/untrusted-worker.ts serves every job (tsx first: worker threads lack the TypeScript loader).
import { register } from 'tsx/esm/api';

register();
const { serveJobs } = await import('../src/platform/untrusted/serve.ts');
const { speechAlignmentJobs } = await import('../src/contexts/speech/domain/alignment/jobs.ts');
export default serveJobs(speechAlignmentJobs());
