// Run as a child process by chancesClient.test.ts: asks a ChancesClient a question with nothing else keeping the process
// alive (a script's top-level await), and prints the answer's kind. With the argument `turn`, the question follows a
// turn (the child is kept for the next roll) and the client is not closed: the process must still end by itself.
// Its cache is XDG_CACHE_HOME's (YAHTZEE_HOME empty), which the chances' child reads too.
import { ChancesClient } from '../../src/solver/chances/client.js';
import { cardWithOpen } from './helpers.js';

const thread = new ChancesClient();
const card = cardWithOpen('official', ['fours', 'fullHouse', 'chance']);
const held = process.argv[2] === 'turn';
const turn = held ? { seat: 0, dice: [4, 4, 4, 2, 2] as const, rollsLeft: 1 as const } : undefined;
const answer = await thread.ask('official', [card, card], undefined, turn);
if (!held) await thread.close();
else if (!thread.running) throw new Error('the child was not kept for the next roll');
process.stdout.write(answer.kind);
