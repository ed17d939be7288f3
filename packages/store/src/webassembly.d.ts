// @types/node 20 leaves WebAssembly undeclared (its types live in TypeScript's DOM library):
// the members the GF(2^8) SIMD kernel (engine/erasure) and the aligned staging slots
// (engine/fs) use.
declare global {
  namespace WebAssembly {
    class Module {
      constructor(bytes: ArrayBufferView | ArrayBuffer);
    }
    class Instance {
      constructor(module: Module, imports: object);
      readonly exports: Record<string, unknown>;
    }
    class Memory {
      constructor(descriptor: { initial: number; maximum?: number });
      readonly buffer: ArrayBuffer;
      grow(pages: number): number;
    }
  }
}

export {};
