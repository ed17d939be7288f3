// Assembles the GF(2^8) SIMD kernel (src/engine/erasure/codec/gf-kernel.wat) into the module bytes
// the store loads (gf-kernel-wasm.ts). reed-solomon.test.ts fails when the two drift apart.
import { readFileSync, writeFileSync } from 'node:fs';
import wabt from 'wabt';

const dir = new URL('../src/engine/erasure/codec/', import.meta.url);

/** The .wat file assembled, as base64. */
export async function assembleGfKernel() {
  const source = readFileSync(new URL('gf-kernel.wat', dir), 'utf8');
  const module = (await wabt()).parseWat('gf-kernel.wat', source);
  try {
    return Buffer.from(module.toBinary({}).buffer).toString('base64');
  } finally {
    module.destroy();
  }
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const base64 = await assembleGfKernel();
  writeFileSync(
    new URL('gf-kernel-wasm.ts', dir),
    // Laid out as the formatter lays it out, so that regenerating changes nothing else.
    `// Generated from gf-kernel.wat by packages/store/scripts/build-gf-kernel.mjs: do not edit.\nexport const GF_KERNEL_WASM =\n  '${base64}';\n`,
  );
}
