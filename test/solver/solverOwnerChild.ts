// Run as a process by childClient.test.ts: starts the distribution table's child process (official rules, a pass of
// some seconds), prints its pid, and kills itself with SIGKILL at the first progress, as a game killed or whose
// terminal closed would go. The test then checks that the child does not outlive it.
import { distributionsInChild, startSolverChild } from '../../src/solver/workers/childClient.js';

const file = process.argv[2];
let printed = false;
void distributionsInChild(
  'official',
  file,
  () => process.kill(process.pid, 'SIGKILL'),
  (args) => {
    const child = startSolverChild(args);
    child.once('spawn', () => {
      if (!printed) process.stdout.write(`${child.pid}\n`);
      printed = true;
    });
    return child;
  },
);
