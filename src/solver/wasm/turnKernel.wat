;; The strategy table's inner loops (core.ts's scoreLayer and solveState) for two states at once, one in each float64
;; lane of a v128 (two upper totals or flags of the same filled boxes). Assembled by scripts/kernels.mjs.
;;
;; It does the same float64 operations in the same order as core.ts's JavaScript, so the values are the same bit for
;; bit: a keep's value is the sum of its six children left to right times 1/6; the best keep starts from the multiset
;; itself and takes each parent in turn when strictly greater (f64x2.pmax(m, y) is m < y ? y : m); a lower box's
;; value is its points plus its future; the turn's value is the sum, roll after roll, of probability times value.
;;
;; Memory (two pages). A pair is two float64s (lane 0, lane 1); a multiset's pair is at its index times 16 in a region.
;; The loader (turnKernel.ts) reads where each part is from the exported globals below.
(module
  (memory (export "mem") 2)

  ;; 462 pairs: the final rolls' scores, then the keeps' values with one roll to come; after the second pass the best
  ;; keep values with two rolls to come.
  (global $A (export "scores") i32 (i32.const 0))
  ;; 462 pairs: the best values with one roll to come, then the keeps' values with two rolls to come.
  (global $B i32 (i32.const 7392))
  ;; 252 pairs: each roll's probability in both lanes (written by the loader).
  (global $P (export "probability") i32 (i32.const 14784))
  ;; 1 pair: the two turns' values (run's output).
  (global $V (export "value") i32 (i32.const 18816))
  ;; 1 pair: the best zero-point choice.
  (global $Z (export "zero") i32 (i32.const 18832))
  ;; 16 pairs: each lower box's future.
  (global $C (export "lowerFuture") i32 (i32.const 18848))
  ;; 16 * 6 pairs: each upper box's future with 0 to 5 dice of its face.
  (global $T (export "upperFuture") i32 (i32.const 19104))
  ;; 6 pairs: five alike of each face with the Joker.
  (global $J (export "joker") i32 (i32.const 20640))
  ;; 16 descriptors of 16 bytes, the open boxes: kind (0 lower, 1 upper), its list's first and end byte, and for a
  ;; lower box the byte of its future's pair (int32s).
  (global $D (export "open") i32 (i32.const 20736))
  ;; 6 int32s: the byte of each five alike's pair (faces 1 to 6).
  (global $FIVE (export "five") i32 (i32.const 20992))
  ;; The children table: per keep of 0 to 4 dice its pair's byte and its six children's (int32s), ended by -1.
  (global $CH (export "children") i32 (i32.const 21248))
  ;; The parents table: per multiset, parents before children, its pair's byte, its number of parents d, then the
  ;; parents' pair bytes (int32s), ended by -1.
  (global $PA (export "parents") i32 (i32.const 27136))
  ;; Up to 64 KiB of box lists: a lower box's entries are 16 bytes (the roll's pair byte as int32, its points as
  ;; float64 at +8), an upper box's 8 (the roll's pair byte, then the byte of its future's pair).
  (global $E (export "lists") i32 (i32.const 65536))
  (global (export "listsEnd") i32 (i32.const 131072))

  ;; Each keep of 0 to 4 dice in the region at $at: the mean over the six faces of its child with one die more.
  (func $averageKeeps (param $at i32)
    (local $p i32) (local $i i32) (local $sixth v128)
    (local.set $sixth (f64x2.splat (f64.const 0x1.5555555555555p-3)))
    (local.set $p (global.get $CH))
    (block $done
      (loop $keep
        (local.set $i (i32.load (local.get $p)))
        (br_if $done (i32.lt_s (local.get $i) (i32.const 0)))
        (v128.store (i32.add (local.get $at) (local.get $i))
          (f64x2.mul
            (f64x2.add
              (f64x2.add
                (f64x2.add
                  (f64x2.add
                    (f64x2.add
                      (v128.load (i32.add (local.get $at) (i32.load offset=4 (local.get $p))))
                      (v128.load (i32.add (local.get $at) (i32.load offset=8 (local.get $p)))))
                    (v128.load (i32.add (local.get $at) (i32.load offset=12 (local.get $p)))))
                  (v128.load (i32.add (local.get $at) (i32.load offset=16 (local.get $p)))))
                (v128.load (i32.add (local.get $at) (i32.load offset=20 (local.get $p)))))
              (v128.load (i32.add (local.get $at) (i32.load offset=24 (local.get $p)))))
            (local.get $sixth)))
        (local.set $p (i32.add (local.get $p) (i32.const 28)))
        (br $keep))))

  ;; out[i] = the largest in[j] over the sub-multisets j of i: its own value, then each parent's best in out.
  (func $bestKeeps (param $in i32) (param $out i32)
    (local $p i32) (local $i i32) (local $q i32) (local $end i32) (local $m v128)
    (local.set $p (global.get $PA))
    (block $done
      (loop $member
        (local.set $i (i32.load (local.get $p)))
        (br_if $done (i32.lt_s (local.get $i) (i32.const 0)))
        (local.set $m (v128.load (i32.add (local.get $in) (local.get $i))))
        (local.set $q (i32.add (local.get $p) (i32.const 8)))
        (local.set $end (i32.add (local.get $q) (i32.shl (i32.load offset=4 (local.get $p)) (i32.const 2))))
        (block $last
          (loop $parent
            (br_if $last (i32.ge_u (local.get $q) (local.get $end)))
            (local.set $m (f64x2.pmax (local.get $m) (v128.load (i32.add (local.get $out) (i32.load (local.get $q))))))
            (local.set $q (i32.add (local.get $q) (i32.const 4)))
            (br $parent)))
        (v128.store (i32.add (local.get $out) (local.get $i)) (local.get $m))
        (local.set $p (local.get $end))
        (br $member))))

  ;; The keep pass: both lanes' turns from the final rolls' scores in A (which it overwrites) into V.
  (func $run (export "run")
    (local $r i32) (local $sum v128)
    (call $averageKeeps (global.get $A))
    (call $bestKeeps (global.get $A) (global.get $B))
    (call $averageKeeps (global.get $B))
    (call $bestKeeps (global.get $B) (global.get $A))
    ;; sum = sum + p * best, roll after roll, from 0
    (local.set $sum (f64x2.splat (f64.const 0)))
    (loop $roll
      (local.set $sum
        (f64x2.add (local.get $sum)
          (f64x2.mul
            (v128.load (i32.add (global.get $P) (local.get $r)))
            (v128.load (i32.add (global.get $A) (local.get $r))))))
      (local.set $r (i32.add (local.get $r) (i32.const 16)))
      (br_if $roll (i32.lt_u (local.get $r) (i32.const 4032))))
    (v128.store (global.get $V) (local.get $sum)))

  ;; Both lanes' turns from the futures: every roll from the best zero-point choice, each open box (descriptors $d
  ;; to $dEnd) raising the rolls of its list, five alike from the Joker's values when $joker; then run.
  (func (export "turn") (param $d i32) (param $dEnd i32) (param $joker i32)
    (local $r i32) (local $e i32) (local $end i32) (local $roll i32) (local $z v128) (local $c v128) (local $f i32)
    (local.set $z (v128.load (global.get $Z)))
    (loop $every
      (v128.store (i32.add (global.get $A) (local.get $r)) (local.get $z))
      (local.set $r (i32.add (local.get $r) (i32.const 16)))
      (br_if $every (i32.lt_u (local.get $r) (i32.const 4032))))
    (block $boxesDone
      (loop $box
        (br_if $boxesDone (i32.ge_u (local.get $d) (local.get $dEnd)))
        (local.set $e (i32.load offset=4 (local.get $d)))
        (local.set $end (i32.load offset=8 (local.get $d)))
        (if (i32.load (local.get $d))
          (then
            ;; An upper box: A[roll] = pmax(A[roll], the future for that many dice of its face).
            (block $upperDone
              (loop $upper
                (br_if $upperDone (i32.ge_u (local.get $e) (local.get $end)))
                (local.set $roll (i32.load (local.get $e)))
                (v128.store (local.get $roll)
                  (f64x2.pmax (v128.load (local.get $roll)) (v128.load (i32.load offset=4 (local.get $e)))))
                (local.set $e (i32.add (local.get $e) (i32.const 8)))
                (br $upper))))
          (else
            ;; A lower box: A[roll] = pmax(A[roll], points + its future).
            (local.set $c (v128.load (i32.load offset=12 (local.get $d))))
            (block $lowerDone
              (loop $lower
                (br_if $lowerDone (i32.ge_u (local.get $e) (local.get $end)))
                (local.set $roll (i32.load (local.get $e)))
                (v128.store (local.get $roll)
                  (f64x2.pmax
                    (v128.load (local.get $roll))
                    (f64x2.add (f64x2.splat (f64.load offset=8 (local.get $e))) (local.get $c))))
                (local.set $e (i32.add (local.get $e) (i32.const 16)))
                (br $lower)))))
        (local.set $d (i32.add (local.get $d) (i32.const 16)))
        (br $box)))
    (if (local.get $joker)
      (then
        (loop $face
          (v128.store
            (i32.load (i32.add (global.get $FIVE) (i32.shl (local.get $f) (i32.const 2))))
            (v128.load (i32.add (global.get $J) (i32.shl (local.get $f) (i32.const 4)))))
          (local.set $f (i32.add (local.get $f) (i32.const 1)))
          (br_if $face (i32.lt_u (local.get $f) (i32.const 6))))))
    (call $run))
)
