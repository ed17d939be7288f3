import type { ObjectLayer } from './object-layer.js';

/** The layer with some calls replaced; every other call goes to it, bound to it. */
export function withOverrides<L extends ObjectLayer>(layer: L, overrides: Partial<ObjectLayer>): L {
  return new Proxy(layer, {
    get(target, name, receiver) {
      if (Object.hasOwn(overrides, name)) return overrides[name as keyof ObjectLayer];
      const value = Reflect.get(target, name, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
