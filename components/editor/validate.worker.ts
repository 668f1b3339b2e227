/**
 * The editor's validation pass (./state/compute-problems: zod, lib/graph rules, CEL) off the main
 * thread: at 1,000 nodes it takes ~10 ms, most of a frame. Messages: { id, input: ConvertResult } in,
 * { id, problems } or { id, error } out. Started by ./validation.ts.
 */
import { computeProblems } from './state/compute-problems';
import type { ConvertResult } from './state/convert';

type Scope = { onmessage: ((e: MessageEvent<{ id: number; input: ConvertResult }>) => void) | null; postMessage(msg: unknown): void };
const scope = self as unknown as Scope;

scope.onmessage = (e) => {
  const { id, input } = e.data;
  try {
    scope.postMessage({ id, problems: computeProblems(input) });
  } catch (err) {
    scope.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
};
