import { useStdin } from 'ink';
import { useEffect, useEffectEvent } from 'react';
import { createKeyDecoder, type DecodedKey } from '../input/index.js';

/**
 * The keys of the terminal, read by the game's own decoder (src/input/decode.ts) instead of Ink's useInput, whose
 * parser fails on sequences it cannot name (Ctrl-F1, a pasted colour code). It reads the stdin Ink was given
 * (useStdin), in raw mode while mounted, and hands over the keys of each read together, in order. A lone ESC at the
 * end of a read is the Escape key once nothing follows at once (as Ink does it); the start of a longer sequence
 * is one unknown key if it has not ended by the decoder's deadline (SEQUENCE_WAIT_MS after its first byte).
 */
export function useKeys(onKeys: (keys: readonly DecodedKey[]) => void): void {
  const { stdin, isRawModeSupported } = useStdin();
  // The latest onKeys, called from the stdin listener without re-attaching it on every render.
  const handle = useEffectEvent((keys: readonly DecodedKey[]) => onKeys(keys));
  useEffect(() => {
    const decoder = createKeyDecoder();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deliver = (keys: readonly DecodedKey[]) => {
      if (keys.length > 0) handle(keys);
    };
    const onFlush = () => {
      timer = undefined;
      deliver(decoder.flush());
    };
    const onReadable = () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      const keys: DecodedKey[] = [];
      const now = Date.now();
      let chunk: unknown;
      while ((chunk = stdin.read()) !== null) keys.push(...decoder.push(typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8'), now));
      deliver(keys);
      const due = decoder.deadline();
      if (due !== null) timer = setTimeout(onFlush, Math.max(0, due - Date.now()));
    };
    if (isRawModeSupported) stdin.setRawMode(true);
    stdin.setEncoding('utf8');
    stdin.ref();
    stdin.on('readable', onReadable);
    return () => {
      stdin.off('readable', onReadable);
      if (timer !== undefined) clearTimeout(timer);
      if (isRawModeSupported) stdin.setRawMode(false);
      stdin.unref();
    };
  }, [stdin, isRawModeSupported]);
}
