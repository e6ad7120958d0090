// Run as a child process by chancesClient.test.ts: asks a ChancesClient a question with nothing else keeping the process
// alive (a script's top-level await), and prints the answer's kind. Its cache is XDG_CACHE_HOME's.
import { loadOrSolve } from '../../src/solver/index.js';
import { ChancesClient } from '../../src/solver/chances/client.js';
import { cardWithOpen } from './helpers.js';

const table = await loadOrSolve('official');
const thread = new ChancesClient();
const card = cardWithOpen('official', ['fours', 'fullHouse', 'chance']);
const answer = await thread.ask('official', [card, card], undefined, table);
await thread.close();
process.stdout.write(answer.kind);
