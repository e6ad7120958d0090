import { Box } from 'ink';
import { useEffect, useState, type ReactNode } from 'react';

/** How long the screen stays blank before it is drawn again (longer than Ink's frame interval, so two frames are drawn). */
const BLANK_MS = 60;

/**
 * Draws its children, and draws them again in full each time `nonce` changes: for Ink's own writer (screen-reader mode),
 * which writes only a frame that differs from the last one and keeps no public way to repeat it. One blank frame, then the same frame again, which differs from the blank one; the children stay mounted
 * (display none) and keep their state.
 */
export function Repaint({ nonce, children }: { readonly nonce: number; readonly children?: ReactNode }) {
  // Blank from the render that brings a new nonce until BLANK_MS later, when the nonce drawn catches up.
  const [drawn, setDrawn] = useState(nonce);
  const blank = nonce !== 0 && drawn !== nonce;
  useEffect(() => {
    if (nonce === 0) return;
    const timer = setTimeout(() => setDrawn(nonce), BLANK_MS);
    return () => clearTimeout(timer);
  }, [nonce]);
  return (
    <Box display={blank ? 'none' : 'flex'} flexDirection="column">
      {children}
    </Box>
  );
}
