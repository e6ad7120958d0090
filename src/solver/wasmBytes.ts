/** Pieces of a WebAssembly module's bytes shared by the solver's kernels (mixKernel.ts, turnKernel.ts). */

/** n as unsigned LEB128 (sizes, counts, indexes, memory offsets). */
export function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n) b |= 0x80;
    out.push(b);
  } while (n);
  return out;
}

/** A name (an export's or an import's): its length, then its ASCII bytes. */
export function wasmName(s: string): number[] {
  return [s.length, ...[...s].map((c) => c.charCodeAt(0))];
}
