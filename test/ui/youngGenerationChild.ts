// Run as a child process by youngGeneration.test.ts (flags are process-wide): churns the heap, starts a worker thread,
// churns again, and prints the young generation's sizes in bytes as JSON: at start, after the first churn, once the
// worker has run, and at the end.
import v8 from 'node:v8';
import { Worker } from 'node:worker_threads';
import { keepYoungGenerationSmall } from '../../src/ui/youngGeneration.js';

/** Allocates some 100 MB, a sliding window of it kept alive long enough to survive scavenges. */
function churn(): void {
  const window: object[] = [];
  for (let i = 0; i < 1_000_000; i++) {
    window.push({ i, text: `cell ${i}` });
    if (window.length > 50_000) window.splice(0, 25_000);
  }
}

const newSpace = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')!.space_size;
const first = newSpace();
// keep: the function under test; once: the flag set once, not again as the worker starts; default: nothing.
const mode = process.argv[2];
if (mode === 'once') v8.setFlagsFromString('--semi-space-growth-factor=1');
const kept = mode === 'keep' ? keepYoungGenerationSmall() : false;
churn();
const churned = newSpace();
const worker = new Worker('setTimeout(() => {}, 50)', { eval: true });
await new Promise((resolve) => worker.once('exit', resolve));
const afterWorker = newSpace();
churn();
process.stdout.write(JSON.stringify({ kept, first, churned, afterWorker, last: newSpace() }));
