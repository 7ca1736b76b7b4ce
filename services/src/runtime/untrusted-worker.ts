import { serveJobs } from '../platform/untrusted/serve';
import { libraryImportJobs } from '../contexts/library/domain/imports/jobs';
import { speechUploadJobs } from '../contexts/speech/domain/upload-jobs';

/**
 * The untrusted pool's worker (platform/untrusted/pool.ts): every parser of what users upload or make
 * the server fetch, by job name. Only parsers load here: no database, no secrets, no HTTP.
 */
export default serveJobs({ ...libraryImportJobs, ...speechUploadJobs });
