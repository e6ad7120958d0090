;; The inner loop of the distribution pass, out[i] += w * src[i] over a state's chances, two float64 lanes at a time:
;; each single-precision chance widened, multiplied by w, added. The same arithmetic as the JavaScript loop in
;; distribution.ts (a multiply then an add in double precision), so the results are the same bit for bit.
;; Assembled by scripts/kernels.mjs.
;;
;; Memory (two pages); the loader (mixKernel.ts) reads where each part is from the exported globals.
(module
  (memory (export "mem") 2)
  ;; The mix: 8192 float64s.
  (global (export "out") i32 (i32.const 0))
  ;; The chances to mix, copied in: 8192 float32s.
  (global (export "src") i32 (i32.const 65536))
  ;; mixList's list: 1024 entries of 16 bytes (the mix's byte as int32, w as float64 at +8).
  (global (export "list") i32 (i32.const 98304))
  (global (export "listEnd") i32 (i32.const 114688))

  ;; out[k] += w * src[k] for n chances: the mix's float64s from byte $out, the chances' float32s from byte $src.
  (func $mix (export "mix") (param $out i32) (param $src i32) (param $n i32) (param $w f64)
    (local $ww v128) (local $end i32)
    (local.set $ww (f64x2.splat (local.get $w)))
    ;; Four chances a round up to the last multiple of four, then two, then one.
    (local.set $end (i32.add (local.get $src) (i32.shl (i32.and (local.get $n) (i32.const -4)) (i32.const 2))))
    (block $done
      (loop $four
        (br_if $done (i32.ge_u (local.get $src) (local.get $end)))
        (v128.store offset=0 (local.get $out)
          (f64x2.add (v128.load offset=0 (local.get $out))
            (f64x2.mul (local.get $ww) (f64x2.promote_low_f32x4 (v128.load64_zero offset=0 (local.get $src))))))
        (v128.store offset=16 (local.get $out)
          (f64x2.add (v128.load offset=16 (local.get $out))
            (f64x2.mul (local.get $ww) (f64x2.promote_low_f32x4 (v128.load64_zero offset=8 (local.get $src))))))
        (local.set $out (i32.add (local.get $out) (i32.const 32)))
        (local.set $src (i32.add (local.get $src) (i32.const 16)))
        (br $four)))
    (if (i32.and (local.get $n) (i32.const 2))
      (then
        (v128.store (local.get $out)
          (f64x2.add (v128.load (local.get $out))
            (f64x2.mul (local.get $ww) (f64x2.promote_low_f32x4 (v128.load64_zero (local.get $src))))))
        (local.set $out (i32.add (local.get $out) (i32.const 16)))
        (local.set $src (i32.add (local.get $src) (i32.const 8)))))
    (if (i32.and (local.get $n) (i32.const 1))
      (then
        (f64.store (local.get $out)
          (f64.add (f64.load (local.get $out)) (f64.mul (local.get $w) (f64.promote_f32 (f32.load (local.get $src)))))))))

  ;; mix(entry's out, $src, $n, entry's w) for each of the $k entries of the list at byte $list, in order.
  (func (export "mixList") (param $src i32) (param $n i32) (param $list i32) (param $k i32)
    (local $end i32)
    (local.set $end (i32.add (local.get $list) (i32.shl (local.get $k) (i32.const 4))))
    (block $done
      (loop $entry
        (br_if $done (i32.ge_u (local.get $list) (local.get $end)))
        (call $mix (i32.load (local.get $list)) (local.get $src) (local.get $n) (f64.load offset=8 (local.get $list)))
        (local.set $list (i32.add (local.get $list) (i32.const 16)))
        (br $entry))))
)
