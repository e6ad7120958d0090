import { describeError } from '../storage/files.js';

/** The exit code when the output cannot be written (a full disk, an input/output error): EX_IOERR. */
export const OUTPUT_FAILED_EXIT = 74;

/**
 * Watches the commands' standard streams for a write that fails, in one place for every command and for commander's
 * own --help and --version: a reader that has gone (EPIPE: `yahtzee scores | head`) ends the program quietly, as a
 * closed pipe ends any command-line tool; anything else (`> /dev/full`) is said in one line on stderr, exit 74.
 * Returns the function that stops watching (the game watches its terminal itself).
 */
export function guardOutput(streams: { readonly stdout: NodeJS.WritableStream; readonly stderr: NodeJS.WritableStream } = process, exit: (code?: number) => void = (code) => process.exit(code)): () => void {
  const failed = (which: 'output' | 'error output') => (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') {
      exit();
      return;
    }
    if (which === 'output') {
      try {
        streams.stderr.write(`yahtzee: the output could not be written: ${describeError(error)}\n`);
      } catch {
        // stderr is gone too: the exit code says it
      }
    }
    exit(OUTPUT_FAILED_EXIT);
  };
  const onOut = failed('output');
  const onErr = failed('error output');
  streams.stdout.on('error', onOut);
  streams.stderr.on('error', onErr);
  return () => {
    streams.stdout.off('error', onOut);
    streams.stderr.off('error', onErr);
  };
}
