// Run as a child process by youngGeneration.test.ts (flags are process-wide): churns the heap, starts a worker thread,
// churns again, and prints the young generation's sizes in bytes as JSON: at start, after the first churn, once the
// worker has run, and at the end; then the old generation's largest size through garbage that lives a while.
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

/**
 * Garbage that lives a while (promoted to the old generation before it dies), beside 150,000 objects that stay:
 * the old generation's largest size meanwhile, in bytes.
 */
async function oldGenerationPeak(): Promise<number> {
  const live: object[] = [];
  for (let i = 0; i < 150_000; i++) live.push({ i, text: `live ${i}`, pair: [i, i + 1] });
  const window: object[] = [];
  let peak = 0;
  for (let round = 0; round < 300; round++) {
    for (let k = 0; k < 5000; k++) window.push({ k, text: `frame ${round} ${k}` });
    if (window.length > 40_000) window.splice(0, 20_000);
    await new Promise((resolve) => setImmediate(resolve));
    peak = Math.max(peak, v8.getHeapSpaceStatistics().find((s) => s.space_name === 'old_space')!.space_size);
  }
  return live.length > 0 ? peak : 0;
}

const newSpace = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')!.space_size;
const first = newSpace();
// keep: the function under test; young: the same, but the old generation's growth put back as V8 has it (after the
// worker); once: the young flag set once, not again as the worker starts; default: nothing.
const mode = process.argv[2];
if (mode === 'once') v8.setFlagsFromString('--semi-space-growth-factor=1');
const kept = mode === 'keep' || mode === 'young' ? keepYoungGenerationSmall() : false;
churn();
const churned = newSpace();
const worker = new Worker('setTimeout(() => {}, 50)', { eval: true });
await new Promise((resolve) => worker.once('exit', resolve));
const afterWorker = newSpace();
churn();
const last = newSpace();
// young: the young generation kept small as by the function, the old generation's growth left as V8 has it.
if (mode === 'young') v8.setFlagsFromString('--heap-growing-percent=0');
process.stdout.write(JSON.stringify({ kept, first, churned, afterWorker, last, oldPeak: await oldGenerationPeak() }));
