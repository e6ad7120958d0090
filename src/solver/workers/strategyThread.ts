import { parentPort, workerData } from 'node:worker_threads';
import { runSolveJob, type SolveJob } from '../strategy/threadJobs.js';

// The strategy table's worker thread (strategy/threadJobs.ts): it loads only the table's code, so it starts sooner
// than jobThread.ts, which does the other jobs too.
if (parentPort) runSolveJob(workerData as SolveJob);
