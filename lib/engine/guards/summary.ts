/** What a node's guards leave for its conditional edges (no imports: scope.ts and edges.ts read it). */
/** What a conditional edge's CEL sees as `guard` after a node ran (`guard.failed`, `guard.blocked`). */
export interface GuardSummary {
  /** A check flagged or blocked. */
  failed: boolean;
  blocked: boolean;
  /** PII (or a regex) was masked. */
  redacted: boolean;
  /** The checks that failed, as `<stage>.<check>` (e.g. `input.injection`). */
  checks: string[];
  /** The first failed check's reason. */
  reason: string;
}

export const NO_GUARD: GuardSummary = { failed: false, blocked: false, redacted: false, checks: [], reason: '' };
