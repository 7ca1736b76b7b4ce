import { createUntrustedPool } from '../../../src/platform/untrusted/pool';
import { ALIGNMENT_JOB_BUDGET } from '../../../src/contexts/speech/domain/alignment/jobs';

/** The alignment job on a pool as the product runs it: 256 MB of heap a thread, espeak-ng loaded into the thread. */
export const alignmentTestPool = () =>
  createUntrustedPool({
    entry: new URL('../../../src/contexts/speech/domain/alignment/jobs.test-worker.mjs', import.meta.url),
    threads: 1,
    memoryMb: 256,
    budget: ALIGNMENT_JOB_BUDGET,
  });
