/** Pieces of a WebAssembly module's bytes shared by the solver's kernels (mixKernel.ts, turnKernel.ts, outcomeKernel.ts). */

/** n as unsigned LEB128 (sizes, counts, indexes, memory offsets). */
export function uleb(n: number): number[] {
  const out: number[] = [];
  pushUleb(out, n);
  return out;
}

/** Appends n as unsigned LEB128 to `code` (for long generated code, without an array per number). */
export function pushUleb(code: number[], n: number): void {
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n) b |= 0x80;
    code.push(b);
  } while (n);
}

/** The parts' bytes one after the other. */
export function concat(...parts: ArrayLike<number>[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A module section: its id, its size, its body. */
export function section(id: number, body: ArrayLike<number>): Uint8Array<ArrayBuffer> {
  return concat([id], uleb(body.length), body);
}

/**
 * The module of `bytes()`, compiled once per thread on first use: a function that gives it, or null where
 * WebAssembly (with the instructions it uses) is not available, so that the caller falls back to JavaScript.
 */
export function lazyModule(bytes: () => Uint8Array<ArrayBuffer>): () => WebAssembly.Module | null {
  let module: WebAssembly.Module | null | undefined;
  return () => {
    if (module === undefined) {
      try {
        const b = bytes();
        module = typeof WebAssembly === 'object' && WebAssembly.validate(b) ? new WebAssembly.Module(b) : null;
      } catch {
        module = null;
      }
    }
    return module;
  };
}

/** A name (an export's or an import's): its length, then its ASCII bytes. */
export function wasmName(s: string): number[] {
  return [s.length, ...[...s].map((c) => c.charCodeAt(0))];
}
