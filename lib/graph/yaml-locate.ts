/** Finds where a document path (`nodes.writer.tools[0]`) is in parsed YAML, falling back to the nearest parent. */
import { isMap, isScalar, isSeq, type Document, type Node } from 'yaml';

/** `nodes.writer.tools[0]` -> ['nodes', 'writer', 'tools', 0]. */
export function splitPath(path: string): (string | number)[] {
  const out: (string | number)[] = [];
  for (const m of path.matchAll(/\[(\d+)\]|([^.[\]]+)/g)) out.push(m[1] !== undefined ? Number(m[1]) : m[2]);
  return out;
}

function keyText(key: unknown): string | undefined {
  if (isScalar(key)) return String(key.value);
  return undefined;
}

/** Source offset for `path`: a scalar value where the path ends at one, otherwise its key. */
export function locate(doc: Document, path: string): number {
  let node: unknown = doc.contents;
  let best = (doc.contents as Node | null)?.range?.[0] ?? 0;
  for (const part of splitPath(path)) {
    if (isMap(node)) {
      const pair = node.items.find((p) => keyText(p.key) === String(part));
      if (!pair) break;
      const keyStart = (pair.key as Node | null)?.range?.[0];
      const value = pair.value as Node | null;
      best = isScalar(value) && value.range ? value.range[0] : (keyStart ?? best);
      node = value;
    } else if (isSeq(node) && typeof part === 'number') {
      const item = node.items[part] as Node | undefined;
      if (!item?.range) break;
      best = item.range[0];
      node = item;
    } else break;
  }
  return best;
}

const within = (node: unknown, offset: number): boolean => {
  const range = (node as Node | null)?.range;
  return !!range && offset >= range[0] && offset < Math.max(range[1], range[0] + 1);
};

/** The document path of whatever sits at `offset` (the reverse of `locate`), for errors found by offset. */
export function pathAt(doc: Document, offset: number): (string | number)[] {
  const parts: (string | number)[] = [];
  let node: unknown = doc.contents;
  for (;;) {
    if (isMap(node)) {
      const pair = node.items.find((p) => within(p.key, offset) || within(p.value, offset));
      if (!pair) return parts;
      const key = keyText(pair.key);
      if (key === undefined) return parts;
      parts.push(key);
      if (within(pair.key, offset)) return parts;
      node = pair.value;
    } else if (isSeq(node)) {
      const i = node.items.findIndex((item) => within(item, offset));
      if (i < 0) return parts;
      parts.push(i);
      node = node.items[i];
    } else return parts;
  }
}
