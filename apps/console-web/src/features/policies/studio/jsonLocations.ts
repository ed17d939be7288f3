// Where each value of a JSON text sits, by its path, so a problem found on the parsed value
// can be drawn on the characters that hold it. Run only on text JSON.parse accepted.

export type JsonPath = (string | number)[];

export interface JsonSpan {
  /** The value's characters. */
  from: number;
  to: number;
  /** The member name's characters (with its quotes), for values inside an object. */
  keyFrom?: number;
  keyTo?: number;
}

export const pathKey = (path: JsonPath): string => JSON.stringify(path);

/** Every value's span, keyed by `pathKey(path)`; the document itself is at `[]`. */
export function jsonLocations(text: string): Map<string, JsonSpan> {
  const spans = new Map<string, JsonSpan>();
  let at = 0;
  const space = () => {
    while (at < text.length && /\s/.test(text.charAt(at))) at++;
  };
  const string = (): string => {
    const start = at;
    at++;
    while (at < text.length && text.charAt(at) !== '"') at += text.charAt(at) === '\\' ? 2 : 1;
    at++;
    return JSON.parse(text.slice(start, at)) as string;
  };
  const value = (path: JsonPath, key?: { from: number; to: number }) => {
    space();
    const from = at;
    const c = text.charAt(at);
    if (c === '{') {
      at++;
      space();
      while (text.charAt(at) !== '}' && at < text.length) {
        space();
        const keyFrom = at;
        const name = string();
        const keyTo = at;
        space();
        at++; // :
        value([...path, name], { from: keyFrom, to: keyTo });
        space();
        if (text.charAt(at) === ',') at++;
        space();
      }
      at++;
    } else if (c === '[') {
      at++;
      space();
      for (let index = 0; text.charAt(at) !== ']' && at < text.length; index++) {
        value([...path, index]);
        space();
        if (text.charAt(at) === ',') at++;
        space();
      }
      at++;
    } else if (c === '"') {
      string();
    } else {
      while (at < text.length && !/[\s,\]}]/.test(text.charAt(at))) at++;
    }
    spans.set(pathKey(path), key ? { from, to: at, keyFrom: key.from, keyTo: key.to } : { from, to: at });
  };
  value([]);
  return spans;
}
