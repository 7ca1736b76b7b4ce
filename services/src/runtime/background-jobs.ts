import { serveOneJob } from '../platform/untrusted/child-process';
import { serveJobs } from '../platform/untrusted/serve';
import { practiceSchedulerJobs } from '../contexts/practice/domain/scheduler-jobs';

/**
 * The untrusted pool's background jobs (platform/untrusted/child-process.ts), each in a process of its own
 * at a lower priority: the FSRS optimiser, whose seconds of CPU run on libuv's threads, outside any worker
 * thread's reach. Pure jobs only, as in untrusted-worker.ts: no database, no secrets, no HTTP.
 */
serveOneJob(serveJobs({ ...practiceSchedulerJobs }));
