/*
 * A complex fast Fourier transform of a power-of-two length, in place, for the match chances' convolutions
 * (matchChances.ts). Our own rather than a package's: one iterative radix-2 transform is all they need, and the
 * game keeps no runtime dependencies.
 */

/** The twiddle factors of a transform of length n: cos and sin of 2πk/n for k < n/2, kept for the next call. */
const twiddles = new Map<number, { readonly cos: Float64Array; readonly sin: Float64Array }>();

function twiddlesOf(n: number): { readonly cos: Float64Array; readonly sin: Float64Array } {
  let t = twiddles.get(n);
  if (t === undefined) {
    const cos = new Float64Array(n >> 1);
    const sin = new Float64Array(n >> 1);
    // Each factor from its own angle, not by repeated rotation, which would gather rounding along the way.
    for (let k = 0; k < n >> 1; k++) {
      cos[k] = Math.cos((2 * Math.PI * k) / n);
      sin[k] = Math.sin((2 * Math.PI * k) / n);
    }
    t = { cos, sin };
    twiddles.set(n, t);
  }
  return t;
}

/**
 * The discrete Fourier transform of (re, im), in place: X[j] = Σ x[k] e^(∓2πijk/n), the minus sign forwards; the
 * inverse (`inverse`) is divided by n, so that the inverse of the forward transform gives the input back.
 */
export function fft(re: Float64Array, im: Float64Array, inverse = false): void {
  const n = re.length;
  if (im.length !== n || (n & (n - 1)) !== 0) throw new RangeError(`a transform of ${n} points: the length must be a power of two`);
  // Bit-reversed order first, so that each pass below combines neighbouring halves.
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      const r = re[i];
      re[i] = re[j];
      re[j] = r;
      const m = im[i];
      im[i] = im[j];
      im[j] = m;
    }
  }
  const { cos, sin } = twiddlesOf(n);
  const sign = inverse ? 1 : -1;
  for (let size = 2; size <= n; size <<= 1) {
    const half = size >> 1;
    const step = n / size;
    for (let start = 0; start < n; start += size) {
      for (let k = 0; k < half; k++) {
        const wr = cos[k * step];
        const wi = sign * sin[k * step];
        const a = start + k;
        const b = a + half;
        const xr = re[b] * wr - im[b] * wi;
        const xi = re[b] * wi + im[b] * wr;
        re[b] = re[a] - xr;
        im[b] = im[a] - xi;
        re[a] += xr;
        im[a] += xi;
      }
    }
  }
  if (inverse) {
    for (let i = 0; i < n; i++) {
      re[i] /= n;
      im[i] /= n;
    }
  }
}
