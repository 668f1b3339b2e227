/**
 * A call journal kept in memory (ports.ts JournalPort): what the engine's tests, the CLI and graph
 * tests use where there is no database. Entries are copied when recorded (the run may change the
 * objects it handed over) and on recall; the first record of an attempt key wins.
 */
import type { CallRequest, JournalEntry, JournalPort, RecalledCall } from './ports';

export interface MemoryJournal extends JournalPort {
  /** The recorded entries, in the order they were recorded. */
  readonly entries: readonly JournalEntry[];
}

/** `reuse`: answers calls from a source (a cassette); absent: nothing is reused. */
export function memoryJournal(reuse?: (call: CallRequest) => unknown): MemoryJournal {
  const entries: JournalEntry[] = [];
  const byKey = new Map<string, RecalledCall>();
  return {
    entries,
    recall(key) {
      const rec = byKey.get(key);
      return rec && { kind: rec.kind, result: structuredClone(rec.result) };
    },
    ...(reuse ? { reuse } : {}),
    record(entry) {
      if (byKey.has(entry.key)) return;
      const copy = structuredClone(entry);
      entries.push(copy);
      byKey.set(entry.key, { kind: copy.kind, result: copy.result });
    },
  };
}
