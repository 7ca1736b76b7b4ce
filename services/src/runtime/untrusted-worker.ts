import { serveJobs } from '../platform/untrusted/serve';
import { libraryImportJobs } from '../contexts/library/domain/imports/jobs';
import { speechUploadJobs } from '../contexts/speech/domain/upload-jobs';
import { speechAlignmentJobs } from '../contexts/speech/domain/alignment/jobs';
import { practiceSchedulerJobs } from '../contexts/practice/domain/scheduler-jobs';

/**
 * The untrusted pool's worker (platform/untrusted/pool.ts): every parser of what users upload or make
 * the server fetch, the forced alignment of a recording to its text, and the FSRS optimiser (seconds of
 * CPU), by job name. Only pure jobs load here: no database, no secrets, no HTTP.
 */
export default serveJobs({ ...libraryImportJobs, ...speechUploadJobs, ...speechAlignmentJobs(), ...practiceSchedulerJobs });
