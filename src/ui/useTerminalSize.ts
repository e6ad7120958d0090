import { useStdout } from 'ink';
import { useEffect, useState } from 'react';
import type { TermSize } from '../app/index.js';

function read(stdout: NodeJS.WriteStream): TermSize {
  return { columns: stdout.columns || 80, rows: stdout.rows || 24 };
}

/** The terminal's size, updated when it is resized (80x24 when the stream does not say). */
export function useTerminalSize(): TermSize {
  const { stdout } = useStdout();
  const [size, setSize] = useState<TermSize>(() => read(stdout));
  useEffect(() => {
    const onResize = () => setSize(read(stdout));
    stdout.on('resize', onResize);
    return () => {
      stdout.off('resize', onResize);
    };
  }, [stdout]);
  return size;
}
