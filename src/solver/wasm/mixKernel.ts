import { newKernel } from './wasmBytes.js';

/*
 * The distribution pass's inner loop, out[i] += w * src[i] (mixKernel.wat: the arithmetic, the same as the
 * JavaScript loop's bit for bit), in memory of its own: the chances to mix (float32) are copied in, the mix (float64)
 * is built there.
 */

/** mix(outByte, srcByte, n, w): out[k] += w * src[k] for n chances, out float64 at outByte, src float32 at srcByte. */
type Mix = (outByte: number, srcByte: number, n: number, w: number) => void;

/** mixList(srcByte, n, listByte, k): mix(out, srcByte, n, w) for each of k entries (out byte as int32, then w as float64 at +8) at listByte. */
type MixList = (srcByte: number, n: number, listByte: number, k: number) => void;

/** A kernel instance (one per thread): its mix functions and views of its memory. */
export interface MixKernel {
  readonly mix: Mix;
  readonly mixList: MixList;
  /** The list for mixList as int32s (the out byte of entry e at 4e) and float64s (its w at 2e + 1). */
  readonly listI32: Int32Array;
  readonly listF64: Float64Array;
  readonly listByte: number;
  /** The most entries the list holds. */
  readonly listMax: number;
  /** The mix's float64s. */
  readonly out: Float64Array;
  /** Where the chances to mix are copied (float32s). */
  readonly src: Float32Array;
  /** The byte offset of src in the kernel's memory (pass it to mix). */
  readonly srcByte: number;
}

/** A new kernel instance. Throws where WebAssembly memory cannot be had. */
export function mixKernel(): MixKernel {
  const { exports, buffer, at } = newKernel<{ mix: Mix; mixList: MixList }>('mixKernel');
  const listMax = (at.listEnd - at.list) / 16;
  return {
    mix: exports.mix,
    mixList: exports.mixList,
    listI32: new Int32Array(buffer, at.list, listMax * 4),
    listF64: new Float64Array(buffer, at.list, listMax * 2),
    listByte: at.list,
    listMax,
    out: new Float64Array(buffer, at.out, (at.src - at.out) / 8),
    src: new Float32Array(buffer, at.src, (at.list - at.src) / 4),
    srcByte: at.src,
  };
}
