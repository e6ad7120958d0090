import { KERNEL_WASM } from './kernelModules.js';
import { CHILD, KEEP_COUNT, PARENT_GROUPS, ROLL_COUNT } from '../dice/multisets.js';

/*
 * The one loader of the solver's WebAssembly kernels (src/solver/wasm/*.wat, assembled by scripts/kernels.mjs). A
 * module that does not compile throws (the tests see it); there is no slower JavaScript path to fall back to. Making
 * an instance throws a RangeError where its memory cannot be had (an address-space limit): callers say so in one line.
 */

/** A kernel: its exports, its memory's buffer, and the byte address each exported i32 global names. */
export interface Kernel<F> {
  readonly exports: F;
  readonly buffer: ArrayBuffer;
  readonly at: Readonly<Record<string, number>>;
}

const compiled = new Map<string, WebAssembly.Module>();

/** Compiles a kernel's module once per thread. */
function kernelModule(name: keyof typeof KERNEL_WASM): WebAssembly.Module {
  let module = compiled.get(name);
  if (!module) {
    module = new WebAssembly.Module(Buffer.from(KERNEL_WASM[name], 'base64'));
    compiled.set(name, module);
  }
  return module;
}

/** Where the kernels' memory could not be had: said in one line by the commands (its name is how cli.ts knows it). */
export class KernelMemoryError extends Error {
  override readonly name = 'KernelMemoryError';
}

/** Stands in for WebAssembly.Instance (tests make it fail as an address-space limit does). */
export const memoryFaults = { instance: (module: WebAssembly.Module): WebAssembly.Instance => new WebAssembly.Instance(module) };

/** A new instance of kernel `name`, with its memory ("mem") and the addresses of its exported globals. */
export function newKernel<F>(name: keyof typeof KERNEL_WASM): Kernel<F> {
  let instance: WebAssembly.Instance;
  try {
    instance = memoryFaults.instance(kernelModule(name));
  } catch (e) {
    // V8 reserves gigabytes of address space for each WebAssembly memory: under a limit (ulimit -v) none is had.
    if (e instanceof RangeError) throw new KernelMemoryError('the solver could not have the memory it computes in (WebAssembly memory: is the address space limited, as by ulimit -v?)', { cause: e });
    throw e;
  }
  const exports = instance.exports;
  const at: Record<string, number> = {};
  for (const [key, value] of Object.entries(exports)) if (value instanceof WebAssembly.Global) at[key] = value.value as number;
  return { exports: exports as F, buffer: (exports.mem as WebAssembly.Memory).buffer, at };
}

/** Bytes of a pair: two float64s (or int64s), lane 0 and lane 1. */
export const PAIR = 16;

/**
 * Writes the keep tables the kernels' loops read: at `childrenAt` per keep of 0 to 4 dice its pair's byte and its six
 * children's, at `parentsAt` per multiset (in PARENT_GROUPS' order, parents first) its pair's byte, its number of
 * parents and their pairs' bytes; each ended by -1. Throws when they would pass `end`.
 */
export function writeKeepTables(buffer: ArrayBuffer, childrenAt: number, parentsAt: number, end: number): void {
  const children = new Int32Array(buffer, childrenAt, (parentsAt - childrenAt) / 4);
  let e = 0;
  for (let i = ROLL_COUNT; i < KEEP_COUNT; i++) {
    children[e++] = i * PAIR;
    for (let f = 0; f < 6; f++) children[e++] = CHILD[i * 6 + f] * PAIR;
  }
  if (e >= children.length) throw new RangeError('the kernel has no room for its children table');
  children[e] = -1;
  const parents = new Int32Array(buffer, parentsAt, (end - parentsAt) / 4);
  e = 0;
  for (const g of PARENT_GROUPS) {
    for (let k = 0; k < g.members.length; k++) {
      parents[e++] = g.members[k] * PAIR;
      parents[e++] = g.parents;
      for (let q = 0; q < g.parents; q++) parents[e++] = g.parentsOf[k * g.parents + q] * PAIR;
    }
  }
  if (e >= parents.length) throw new RangeError('the kernel has no room for its parents table');
  parents[e] = -1;
}
