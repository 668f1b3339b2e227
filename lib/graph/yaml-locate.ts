/** Finds where a document path (`nodes.writer.tools[0]`) is in parsed YAML, falling back to the nearest parent. */
import { isMap, isScalar, isSeq, type Document, type Node, type YAMLMap } from 'yaml';

/** `nodes.writer.tools[0]` -> ['nodes', 'writer', 'tools', 0]. */
function splitPath(path: string): (string | number)[] {
  const out: (string | number)[] = [];
  for (const m of path.matchAll(/\[(\d+)\]|([^.[\]]+)/g)) out.push(m[1] !== undefined ? Number(m[1]) : m[2]);
  return out;
}

function keyText(key: unknown): string | undefined {
  if (isScalar(key)) return String(key.value);
  return undefined;
}

type Pair = YAMLMap['items'][number];
/** Key -> pair, per mapping, built on first use: locating many paths stays linear in the document. */
const indexes = new WeakMap<YAMLMap, Map<string, Pair>>();

function pairOf(map: YAMLMap, key: string): Pair | undefined {
  let index = indexes.get(map);
  if (!index) {
    index = new Map();
    for (const p of map.items) {
      const k = keyText(p.key);
      if (k !== undefined && !index.has(k)) index.set(k, p);
    }
    indexes.set(map, index);
  }
  return index.get(key);
}

/** Source offset for `path`: a scalar value where the path ends at one, otherwise its key. */
export function locate(doc: Document, path: string): number {
  let node: unknown = doc.contents;
  let best = (doc.contents as Node | null)?.range?.[0] ?? 0;
  for (const part of splitPath(path)) {
    if (isMap(node)) {
      const pair = pairOf(node, String(part));
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
