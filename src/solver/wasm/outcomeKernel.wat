;; The middle of turnOutcomes.ts's turn under the table's policy, for two turns at once, one in each lane of a v128.
;; Assembled by scripts/kernels.mjs.
;;   score: the final rolls' scores and boxes (turnOutcomes.ts's scoreChoices for the open boxes);
;;   run: the keeps' values and each roll's best keep before the third roll and before the second (the keep itself as
;;        an int64 in each lane), then the chances carried forward through both rerolls to the final rolls;
;;   collect: a lane's outcomes gathered from the final rolls' chances (turnOutcomes.ts's collect).
;; The same float64 operations in the same order as the JavaScript (core.ts's averageKeeps, turnOutcomes.ts's
;; bestKeepsArg, reroll and collect), so the chances are the same bit for bit:
;;   - a keep's value: its six children's sum left to right, times 1/6;
;;   - the best keep: the multiset itself, then each parent in order when strictly better (f64x2.lt(m, y) picks the
;;     keep, f64x2.pmax(m, y), which is m < y ? y : m, the value);
;;   - a reroll: the rolls' chances added, roll after roll, to their keeps (scalar, as the keeps differ by lane), then
;;     from the keep with the most dice down, a keep's chance divided by 6 added to each of its six children in order;
;;   - score: a box replaces a roll's choice when worth more, or as much and it comes first in the rule set's order;
;;     a value is points plus future (an upper box's points are -0, so its value is its future).
;;
;; Memory (three pages). A pair is two float64s or two int64s (lane 0, lane 1); a multiset's pair is at its index
;; times 16 in a region of 462 pairs. The loader (outcomeKernel.ts) reads where each part is from the exported globals.
(module
  (memory (export "mem") 3)
  ;; The final rolls' scores (from score), then the keeps' values with one roll to come; later the best values with
  ;; two rolls to come.
  (global $A (export "scores") i32 (i32.const 0))
  ;; The best values with one roll to come, then the keeps' values with two rolls to come.
  (global $B i32 (i32.const 7392))
  ;; The best keep of every multiset with one and with two rolls to come: its pair's byte, plus 8 in lane 1.
  (global $G1 i32 (i32.const 14784))
  (global $G2 i32 (i32.const 22176))
  ;; The chances of every multiset after the first and the second roll's keeps; K2's rolls are the final rolls'.
  (global $K1 i32 (i32.const 29568))
  (global $K2 (export "chances") i32 (i32.const 36960))
  ;; Each roll's chance in both lanes (written by the loader).
  (global $P (export "probability") i32 (i32.const 44352))
  ;; The children table: per keep of 0 to 4 dice its pair's byte and its six children's (int32s), ended by -1.
  (global $CH (export "children") i32 (i32.const 48384))
  ;; The last entry of the children table (the keep with no dice), where the reroll starts.
  (global $CH_LAST i32 (i32.const 54236))
  ;; The parents table: per multiset, parents before children, its pair's byte, its number of parents, then the
  ;; parents' pair bytes (int32s), ended by -1.
  (global $PA (export "parents") i32 (i32.const 54272))
  ;; The final rolls' boxes (int64 pairs), from score.
  (global $BOX (export "boxes") i32 (i32.const 64000))
  ;; The best zero-point choice: its value (a float64 pair) and its box (an int64 pair).
  (global $ZV (export "zero") i32 (i32.const 68032))
  (global $ZB (export "zeroBox") i32 (i32.const 68048))
  ;; Each box's futures, 6 pairs a box (by the dice of its face for an upper box, by its points for the Yahtzee box).
  (global (export "futures") i32 (i32.const 68064))
  ;; The open boxes' descriptors, 32 bytes each: its entries' first and end byte (int32s), its number as an int64
  ;; pair at +16.
  (global (export "open") i32 (i32.const 69600))
  ;; The boxes' entries, 16 bytes each: the roll's pair byte (int32), its future's byte (int32), its points (float64
  ;; at +8).
  (global (export "entries") i32 (i32.const 70112))
  (global (export "entriesEnd") i32 (i32.const 134624))
  ;; collect's tables: per box and roll (b * 252 + r) which of the box's (next state, points) pairs it takes (bytes)
  ;; and the points it adds (int32s).
  (global $PAIR_OF (export "pairOf") i32 (i32.const 134624))
  (global $POINTS_OF (export "pointsOf") i32 (i32.const 138656))
  ;; Per lane (384 bytes apart) the boxes' (next state, points) pairs, 6 a box, as int32s.
  (global $NEXT (export "pairNext") i32 (i32.const 154784))
  (global $GAIN (export "pairGain") i32 (i32.const 155552))
  ;; Per lane (32 bytes apart) the (next state, points) of five alike of each face with the Joker, at 4 * face.
  (global $JOKER_NEXT (export "jokerNext") i32 (i32.const 156320))
  (global $JOKER_GAIN (export "jokerGain") i32 (i32.const 156384))
  ;; Each roll's face when it is five alike, else 0 (bytes).
  (global $FIVE (export "five") i32 (i32.const 156448))
  ;; The place in the list being gathered of each (box, points) key, b * 512 + points (bytes, 255 for none), and the
  ;; list's keys (int32s).
  (global $SLOT (export "slots") i32 (i32.const 156704))
  (global $KEY i32 (i32.const 164896))
  ;; Per lane (4096 bytes apart) its list: next states, points (int32s) and chances (float64s).
  (global $LIST_NEXT (export "listNext") i32 (i32.const 165920))
  (global $LIST_GAIN (export "listGain") i32 (i32.const 166944))
  (global $LIST_P (export "listP") i32 (i32.const 167968))

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

  ;; out[i] = the largest in[j] over the sub-multisets j of i and arg[i] = that j (i itself on a tie, then the
  ;; first parent's), each from its own value and its parents' in out.
  (func $bestKeepsArg (param $in i32) (param $out i32) (param $arg i32)
    (local $p i32) (local $i i32) (local $q i32) (local $end i32) (local $parent i32)
    (local $m v128) (local $keep v128) (local $y v128) (local $lt v128)
    (local.set $p (global.get $PA))
    (block $done
      (loop $member
        (local.set $i (i32.load (local.get $p)))
        (br_if $done (i32.lt_s (local.get $i) (i32.const 0)))
        (local.set $m (v128.load (i32.add (local.get $in) (local.get $i))))
        ;; The multiset itself: its byte in both lanes, plus 8 in lane 1.
        (local.set $keep (i64x2.add (i64x2.splat (i64.extend_i32_u (local.get $i))) (v128.const i64x2 0 8)))
        (local.set $q (i32.add (local.get $p) (i32.const 8)))
        (local.set $end (i32.add (local.get $q) (i32.shl (i32.load offset=4 (local.get $p)) (i32.const 2))))
        (block $last
          (loop $parents
            (br_if $last (i32.ge_u (local.get $q) (local.get $end)))
            (local.set $parent (i32.load (local.get $q)))
            (local.set $y (v128.load (i32.add (local.get $out) (local.get $parent))))
            (local.set $lt (f64x2.lt (local.get $m) (local.get $y)))
            (local.set $m (f64x2.pmax (local.get $m) (local.get $y)))
            (local.set $keep
              (v128.bitselect (v128.load (i32.add (local.get $arg) (local.get $parent))) (local.get $keep) (local.get $lt)))
            (local.set $q (i32.add (local.get $q) (i32.const 4)))
            (br $parents)))
        (v128.store (i32.add (local.get $out) (local.get $i)) (local.get $m))
        (v128.store (i32.add (local.get $arg) (local.get $i)) (local.get $keep))
        (local.set $p (local.get $end))
        (br $member))))

  ;; The chances after one reroll with the keeps at $arg from the rolls' chances at $from, into the region at $k.
  (func $reroll (param $from i32) (param $arg i32) (param $k i32)
    (local $r i32) (local $at i32) (local $p i32) (local $i i32) (local $share v128) (local $six v128)
    (local.set $six (f64x2.splat (f64.const 6)))
    (memory.fill (local.get $k) (i32.const 0) (i32.const 7392))
    ;; k[arg[r]] += m[r], roll after roll, lane 0 then lane 1 (the keep's byte is the low half of its int64).
    (loop $roll
      (local.set $at (i32.add (local.get $k) (i32.load (i32.add (local.get $arg) (local.get $r)))))
      (f64.store (local.get $at) (f64.add (f64.load (local.get $at)) (f64.load (i32.add (local.get $from) (local.get $r)))))
      (local.set $at (i32.add (local.get $k) (i32.load offset=8 (i32.add (local.get $arg) (local.get $r)))))
      (f64.store (local.get $at) (f64.add (f64.load (local.get $at)) (f64.load offset=8 (i32.add (local.get $from) (local.get $r)))))
      (local.set $r (i32.add (local.get $r) (i32.const 16)))
      (br_if $roll (i32.lt_u (local.get $r) (i32.const 4032))))
    ;; From the keep with the most dice down: its chance / 6 added to each of its six children.
    (local.set $p (global.get $CH_LAST))
    (loop $keep
      (local.set $share (f64x2.div (v128.load (i32.add (local.get $k) (i32.load (local.get $p)))) (local.get $six)))
      (local.set $i (i32.add (local.get $k) (i32.load offset=4 (local.get $p))))
      (v128.store (local.get $i) (f64x2.add (v128.load (local.get $i)) (local.get $share)))
      (local.set $i (i32.add (local.get $k) (i32.load offset=8 (local.get $p))))
      (v128.store (local.get $i) (f64x2.add (v128.load (local.get $i)) (local.get $share)))
      (local.set $i (i32.add (local.get $k) (i32.load offset=12 (local.get $p))))
      (v128.store (local.get $i) (f64x2.add (v128.load (local.get $i)) (local.get $share)))
      (local.set $i (i32.add (local.get $k) (i32.load offset=16 (local.get $p))))
      (v128.store (local.get $i) (f64x2.add (v128.load (local.get $i)) (local.get $share)))
      (local.set $i (i32.add (local.get $k) (i32.load offset=20 (local.get $p))))
      (v128.store (local.get $i) (f64x2.add (v128.load (local.get $i)) (local.get $share)))
      (local.set $i (i32.add (local.get $k) (i32.load offset=24 (local.get $p))))
      (v128.store (local.get $i) (f64x2.add (v128.load (local.get $i)) (local.get $share)))
      (local.set $p (i32.sub (local.get $p) (i32.const 28)))
      (br_if $keep (i32.ge_s (local.get $p) (global.get $CH)))))

  ;; The keeps, then the chances forward: the final rolls' chances in K2.
  (func (export "run")
    (call $averageKeeps (global.get $A))
    (call $bestKeepsArg (global.get $A) (global.get $B) (global.get $G1))
    (call $averageKeeps (global.get $B))
    (call $bestKeepsArg (global.get $B) (global.get $A) (global.get $G2))
    (call $reroll (global.get $P) (global.get $G2) (global.get $K1))
    (call $reroll (global.get $K1) (global.get $G1) (global.get $K2)))

  ;; The final rolls' scores and boxes: every roll from the best zero-point choice, then each open box (descriptors
  ;; $d to $dEnd) raises the rolls of its list to points plus its future where that is more, or as much and the box
  ;; comes before the roll's.
  (func (export "score") (param $d i32) (param $dEnd i32)
    (local $z v128) (local $zb v128) (local $bs v128) (local $v v128) (local $s v128) (local $bx v128) (local $cond v128)
    (local $e i32) (local $end i32) (local $ra i32) (local $r i32)
    (local.set $z (v128.load (global.get $ZV)))
    (local.set $zb (v128.load (global.get $ZB)))
    (loop $every
      (v128.store (i32.add (global.get $A) (local.get $r)) (local.get $z))
      (v128.store (i32.add (global.get $BOX) (local.get $r)) (local.get $zb))
      (local.set $r (i32.add (local.get $r) (i32.const 16)))
      (br_if $every (i32.lt_u (local.get $r) (i32.const 4032))))
    (block $boxesDone
      (loop $box
        (br_if $boxesDone (i32.ge_u (local.get $d) (local.get $dEnd)))
        (local.set $e (i32.load (local.get $d)))
        (local.set $end (i32.load offset=4 (local.get $d)))
        (local.set $bs (v128.load offset=16 (local.get $d)))
        (block $entriesDone
          (loop $entry
            (br_if $entriesDone (i32.ge_u (local.get $e) (local.get $end)))
            (local.set $ra (i32.load (local.get $e)))
            (local.set $v (f64x2.add (f64x2.splat (f64.load offset=8 (local.get $e))) (v128.load (i32.load offset=4 (local.get $e)))))
            (local.set $s (v128.load (i32.add (global.get $A) (local.get $ra))))
            (local.set $bx (v128.load (i32.add (global.get $BOX) (local.get $ra))))
            ;; v > s, or v == s and the roll's box comes after this one
            (local.set $cond
              (v128.or
                (f64x2.gt (local.get $v) (local.get $s))
                (v128.and (f64x2.eq (local.get $v) (local.get $s)) (i64x2.gt_s (local.get $bx) (local.get $bs)))))
            (v128.store (i32.add (global.get $A) (local.get $ra)) (v128.bitselect (local.get $v) (local.get $s) (local.get $cond)))
            (v128.store (i32.add (global.get $BOX) (local.get $ra)) (v128.bitselect (local.get $bs) (local.get $bx) (local.get $cond)))
            (local.set $e (i32.add (local.get $e) (i32.const 16)))
            (br $entry)))
        (local.set $d (i32.add (local.get $d) (i32.const 32)))
        (br $box))))

  ;; Gathers the lane's outcomes after run: roll after roll with a chance, the (next state, points) pair of its box
  ;; (the Joker's for five alike when $jokers), a new place in the list for a new (box, points), the roll's chance
  ;; added to its place's. Returns the list's length.
  (func (export "collect") (param $lane i32) (param $jokers i32) (result i32)
    (local $r i32) (local $b i32) (local $i i32) (local $q i32) (local $next i32) (local $gain i32) (local $slot i32)
    (local $j i32) (local $count i32) (local $laneChance i32) (local $lanePairs i32) (local $laneJoker i32)
    (local $laneList i32) (local $f i32) (local $p f64)
    (local.set $laneChance (i32.shl (local.get $lane) (i32.const 3)))
    (local.set $lanePairs (i32.mul (local.get $lane) (i32.const 384)))
    (local.set $laneJoker (i32.shl (local.get $lane) (i32.const 5)))
    (local.set $laneList (i32.shl (local.get $lane) (i32.const 12)))
    (loop $roll
      (local.set $p (f64.load (i32.add (global.get $K2) (i32.add (i32.shl (local.get $r) (i32.const 4)) (local.get $laneChance)))))
      (if (f64.ne (local.get $p) (f64.const 0))
        (then
          (local.set $b (i32.load (i32.add (global.get $BOX) (i32.add (i32.shl (local.get $r) (i32.const 4)) (local.get $laneChance)))))
          (local.set $f (i32.load8_u (i32.add (global.get $FIVE) (local.get $r))))
          (if (i32.mul (local.get $f) (local.get $jokers))
            (then
              (local.set $q (i32.add (local.get $laneJoker) (i32.shl (local.get $f) (i32.const 2))))
              (local.set $next (i32.load (i32.add (global.get $JOKER_NEXT) (local.get $q))))
              (local.set $gain (i32.load (i32.add (global.get $JOKER_GAIN) (local.get $q)))))
            (else
              (local.set $i (i32.add (i32.mul (local.get $b) (i32.const 252)) (local.get $r)))
              (local.set $q
                (i32.add
                  (i32.shl
                    (i32.add (i32.load8_u (i32.add (global.get $PAIR_OF) (local.get $i))) (i32.mul (local.get $b) (i32.const 6)))
                    (i32.const 2))
                  (local.get $lanePairs)))
              (local.set $next (i32.load (i32.add (global.get $NEXT) (local.get $q))))
              (local.set $gain
                (i32.add
                  (i32.load (i32.add (global.get $GAIN) (local.get $q)))
                  (i32.load (i32.add (global.get $POINTS_OF) (i32.shl (local.get $i) (i32.const 2))))))))
          (local.set $slot (i32.add (i32.shl (local.get $b) (i32.const 9)) (local.get $gain)))
          (local.set $j (i32.load8_u (i32.add (global.get $SLOT) (local.get $slot))))
          (if (i32.eq (local.get $j) (i32.const 255))
            (then
              ;; A new place in the list.
              (local.set $j (local.get $count))
              (local.set $count (i32.add (local.get $count) (i32.const 1)))
              (i32.store8 (i32.add (global.get $SLOT) (local.get $slot)) (local.get $j))
              (i32.store (i32.add (global.get $KEY) (i32.shl (local.get $j) (i32.const 2))) (local.get $slot))
              (local.set $q (i32.add (i32.shl (local.get $j) (i32.const 2)) (local.get $laneList)))
              (i32.store (i32.add (global.get $LIST_NEXT) (local.get $q)) (local.get $next))
              (i32.store (i32.add (global.get $LIST_GAIN) (local.get $q)) (local.get $gain))
              (f64.store (i32.add (global.get $LIST_P) (i32.add (i32.shl (local.get $j) (i32.const 3)) (local.get $laneList))) (f64.const 0))))
          (local.set $q (i32.add (global.get $LIST_P) (i32.add (i32.shl (local.get $j) (i32.const 3)) (local.get $laneList))))
          (f64.store (local.get $q) (f64.add (f64.load (local.get $q)) (local.get $p)))))
      (local.set $r (i32.add (local.get $r) (i32.const 1)))
      (br_if $roll (i32.lt_u (local.get $r) (i32.const 252))))
    ;; Every place taken back.
    (local.set $j (i32.const 0))
    (block $done
      (loop $place
        (br_if $done (i32.ge_u (local.get $j) (local.get $count)))
        (i32.store8 (i32.add (global.get $SLOT) (i32.load (i32.add (global.get $KEY) (i32.shl (local.get $j) (i32.const 2))))) (i32.const 255))
        (local.set $j (i32.add (local.get $j) (i32.const 1)))
        (br $place)))
    (local.get $count))
)
