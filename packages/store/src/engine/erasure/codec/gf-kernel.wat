;; GF(2^8) multiply-accumulate over a region, 16 bytes per step with WebAssembly SIMD.
;; A product c·x splits on x's nibbles: c·x = c·(x & 15) ^ c·(x & 240), and each half is a
;; 16-entry table lookup (i8x16.swizzle). reed-solomon.ts writes, for every coefficient c,
;; those two tables at c·32 (low nibble, then high nibble), and the regions after them.
;; Regenerate gf-kernel-wasm.ts after an edit: node packages/store/scripts/build-gf-kernel.mjs
(module
  (memory (export "memory") 1)

  ;; dst[0..len) = c·src[0..len), or ^= when add is not 0; len is a multiple of 16.
  (func (export "mulAdd")
    (param $c i32) (param $src i32) (param $dst i32) (param $len i32) (param $add i32)
    (local $lo v128) (local $hi v128) (local $mask v128) (local $end i32) (local $v v128) (local $p v128)
    (local.set $lo (v128.load (i32.shl (local.get $c) (i32.const 5))))
    (local.set $hi (v128.load offset=16 (i32.shl (local.get $c) (i32.const 5))))
    (local.set $mask (i8x16.splat (i32.const 15)))
    (local.set $end (i32.add (local.get $src) (local.get $len)))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $src) (local.get $end)))
        (local.set $v (v128.load (local.get $src)))
        (local.set $p
          (v128.xor
            (i8x16.swizzle (local.get $lo) (v128.and (local.get $v) (local.get $mask)))
            (i8x16.swizzle (local.get $hi) (i8x16.shr_u (local.get $v) (i32.const 4)))))
        (if (local.get $add)
          (then (local.set $p (v128.xor (local.get $p) (v128.load (local.get $dst))))))
        (v128.store (local.get $dst) (local.get $p))
        (local.set $src (i32.add (local.get $src) (i32.const 16)))
        (local.set $dst (i32.add (local.get $dst) (i32.const 16)))
        (br $next))))
)
