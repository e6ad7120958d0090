import { parentPort, workerData } from 'node:worker_threads';
import { runSolveJob, type SolveJob } from '../strategy/threadJobs.js';

// The strategy table's worker thread (solveJobs.ts): it loads only the table's code, so it starts sooner than
// worker.ts, which does every job.
if (parentPort) runSolveJob(workerData as SolveJob);
