/**
 * A large JSON object moved between threads as slices, so the receiving thread parses it a few
 * milliseconds at a time and answers other requests in between (one JSON.parse of a 1 MiB graph
 * document held the event loop for about 50 ms). Top-level fields are slices of their own; a field
 * holding a mapping or list of more than SLICE_ENTRIES entries is cut into runs of entries.
 */
const SLICE_ENTRIES = 4000;

export interface JsonSlice {
  key: string;
  /** `value`: the whole field; `entries`: some of a mapping's entries; `items`: some of a list's items. */
  kind: 'value' | 'entries' | 'items';
  json: string;
}

export function sliceJson(value: Record<string, unknown>): JsonSlice[] {
  const out: JsonSlice[] = [];
  for (const [key, v] of Object.entries(value)) {
    if (Array.isArray(v) && v.length > SLICE_ENTRIES) {
      for (let i = 0; i < v.length; i += SLICE_ENTRIES) out.push({ key, kind: 'items', json: JSON.stringify(v.slice(i, i + SLICE_ENTRIES)) });
    } else if (v !== null && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length > SLICE_ENTRIES) {
      const entries = Object.entries(v);
      for (let i = 0; i < entries.length; i += SLICE_ENTRIES) {
        out.push({ key, kind: 'entries', json: JSON.stringify(Object.fromEntries(entries.slice(i, i + SLICE_ENTRIES))) });
      }
    } else if (v !== undefined) out.push({ key, kind: 'value', json: JSON.stringify(v) });
  }
  return out;
}

/** Sets an own property (a `__proto__` key stays data, as JSON.parse keeps it). */
function put(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** The object back from its slices, one slice per turn of the event loop. */
export async function assembleJson(slices: readonly JsonSlice[]): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const s of slices) {
    const v: unknown = JSON.parse(s.json);
    if (s.kind === 'value') put(out, s.key, v);
    else if (s.kind === 'items') {
      if (!Array.isArray(out[s.key])) put(out, s.key, []);
      (out[s.key] as unknown[]).push(...(v as unknown[]));
    } else {
      if (!Object.hasOwn(out, s.key)) put(out, s.key, {});
      const target = out[s.key] as Record<string, unknown>;
      for (const [k, x] of Object.entries(v as Record<string, unknown>)) put(target, k, x);
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  return out;
}
