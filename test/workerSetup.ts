/**
 * Ink hides the cursor when it draws on a terminal, and restore-cursor then shows it again as the process exits,
 * writing ESC[?25h straight to stderr (from signal-exit, before any 'exit' listener of ours). Tests that draw on a
 * fake terminal make every test worker do that at its exit, into the reporter's output. A test worker has no
 * terminal of its own: that one sequence, written alone to its stderr, is dropped; everything else still goes out.
 */
const SHOW_CURSOR = '\u001B[?25h';
const write = process.stderr.write.bind(process.stderr) as (...args: unknown[]) => boolean;
process.stderr.write = ((chunk: unknown, ...rest: unknown[]) => (chunk === SHOW_CURSOR ? true : write(chunk, ...rest))) as typeof process.stderr.write;

/**
 * The game takes CI and CONTINUOUS_INTEGRATION out of its environment before Ink loads (src/ui/run.tsx), since Ink
 * draws only the last frame when it sees them; tests that draw with Ink in this process must see Ink as the game does,
 * also when the suite itself runs under CI=true. Done here, before any test file loads Ink.
 */
delete process.env.CI;
delete process.env.CONTINUOUS_INTEGRATION;
