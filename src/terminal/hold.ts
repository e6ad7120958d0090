/**
 * Keeps other writes off the screen while the game draws it. The differ remembers what the terminal shows; a line
 * written to the terminal behind its back (a Node warning, a worker thread's message on stderr, console.error
 * passed on by Ink) changes cells the differ then believes right, and they stay wrong until something else changes
 * them. While held, what is written to the stream is kept instead, to be shown once the game has left the screen.
 */

/** A stream whose `write` can be held (process.stderr). */
export interface HoldableStream {
  write: (...args: never[]) => boolean;
}

/** What holding a stream gives back: the text kept so far, and the way to end the hold. */
export interface Held {
  /** The text written while held (its end, when more than the limit was written). */
  text(): string;
  /** Gives the stream its own `write` back and returns the text kept. */
  release(): string;
}

/** How much text a hold keeps (the last of it): a runaway writer cannot fill the memory. */
export const HOLD_LIMIT = 64 * 1024;

/** Holds the writes to `stream` until release(): they are kept (the last `limit` characters), not written. */
export function holdWrites(stream: HoldableStream, limit = HOLD_LIMIT): Held {
  const own = stream.write;
  let kept = '';
  let dropped = false;
  const held = function write(chunk: unknown, encoding?: unknown, callback?: unknown): boolean {
    const text = typeof chunk === 'string' ? chunk : chunk instanceof Uint8Array ? Buffer.from(chunk).toString('utf8') : String(chunk);
    kept += text;
    if (kept.length > limit) {
      kept = kept.slice(kept.length - limit);
      dropped = true;
    }
    const cb = typeof encoding === 'function' ? encoding : typeof callback === 'function' ? callback : undefined;
    if (cb) process.nextTick(cb);
    return true;
  };
  (stream as { write: unknown }).write = held;
  let released = false;
  const text = () => (dropped ? `[...]\n${kept}` : kept);
  return {
    text,
    release() {
      if (!released) {
        released = true;
        if ((stream as { write: unknown }).write === held) (stream as { write: unknown }).write = own;
      }
      return text();
    },
  };
}
