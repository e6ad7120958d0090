import type { ChancesQuestion, ChancesReply, ChancesStage, WinQuestion } from './messages.js';
import { chancesFor, winFor } from './work.js';

/*
 * The chances' child process: client.ts starts it from this file (workers/entry.ts's chancesChild) and asks it each
 * seat's chance to win, and a win seat's turn work (work.ts), in messages over its IPC channel (messages.ts).
 */

/**
 * Runs the chances' process: questions answered one at a time, in the order asked; a question about the chances still
 * waiting when a newer one comes is dropped (its turn is over), and so is the answer to one that a newer question
 * came during. A win seat's turn work is always done and answered.
 */
function runChancesChild(): void {
  const waiting: (ChancesQuestion | WinQuestion)[] = [];
  let busy = false;
  // A reply to a game that has gone is lost with it (the process ends on 'disconnect').
  const post = (reply: ChancesReply) => void (process.connected && process.send!(reply));
  const newerOdds = () => waiting.some((q) => q.kind !== 'win');
  // A turn in a macrotask of its own, so that questions that came meanwhile are heard before the next is taken.
  const next = () => new Promise<void>((resolve) => setImmediate(resolve));
  const work = async () => {
    busy = true;
    await next();
    for (let q = waiting.shift(); q !== undefined; q = waiting.shift()) {
      const id = q.id;
      try {
        if (q.kind === 'win') {
          post({ id, kind: 'win', reply: winFor(q) });
          await next();
          continue;
        }
        let shown = -1;
        const progress = (stage: ChancesStage, done: number, total: number) => {
          const percent = total > 0 ? Math.floor((100 * done) / total) : 0;
          if (percent === shown) return;
          shown = percent;
          post({ id, kind: 'progress', stage, done, total });
        };
        const { win, tie, match, made } = await chancesFor(q.rules, q.cards, progress, undefined, q.known, q.turn, q.match);
        // A newer question heard while this one was worked out: this answer's turn is over.
        await next();
        post(newerOdds() ? { id, kind: 'dropped' } : { id, kind: 'answer', win, tie, ...(match !== undefined ? { match } : {}), made });
      } catch (e) {
        post({ id, kind: 'failed', error: e instanceof Error ? e.message : String(e) });
      }
    }
    busy = false;
  };
  process.on('message', (q: ChancesQuestion | WinQuestion) => {
    if (q.kind !== 'win') {
      const older = waiting.findIndex((w) => w.kind !== 'win');
      if (older >= 0) post({ id: waiting.splice(older, 1)[0].id, kind: 'dropped' });
    }
    waiting.push(q);
    // Each question's failure is answered inside work(); anything thrown past that ends this process, which the
    // client hears as the chances' failure.
    if (!busy) void work();
  });
}

if (!process.send) {
  process.stderr.write('yahtzee: the chances\' process is started by the game, not by hand\n');
  process.exitCode = 2;
} else {
  // The game went (quit, killed, its terminal closed): nobody is waiting for the chances.
  process.on('disconnect', () => process.exit(0));
  runChancesChild();
}
