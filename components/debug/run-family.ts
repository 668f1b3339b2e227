/**
 * The run history as families: each run that is not a fork or replay of a listed run, newest
 * first, followed by its forks and replays (depth-first, newest first), with their depth. Pure.
 */
import type { RunView } from '@/lib/contracts/runs';

export interface FamilyRow {
  run: RunView;
  depth: number;
}

export function familyOrder(runs: readonly RunView[]): FamilyRow[] {
  const ids = new Set(runs.map((r) => r.id));
  const children = new Map<string, RunView[]>();
  const roots: RunView[] = [];
  for (const r of runs) {
    const parent = r.parent_run_id;
    if (parent && ids.has(parent) && parent !== r.id) children.set(parent, [...(children.get(parent) ?? []), r]);
    else roots.push(r);
  }
  const newest = (a: RunView, b: RunView) => b.created_at.localeCompare(a.created_at);
  const out: FamilyRow[] = [];
  const seen = new Set<string>();
  const visit = (r: RunView, depth: number) => {
    if (seen.has(r.id)) return;
    seen.add(r.id);
    out.push({ run: r, depth });
    for (const c of [...(children.get(r.id) ?? [])].sort(newest)) visit(c, depth + 1);
  };
  for (const r of [...roots].sort(newest)) visit(r, 0);
  return out;
}

/** "fork of 1a2b3c4d @ step 2" / "replay of 1a2b3c4d", or null for a run of its own. */
export function lineageLabel(r: RunView): string | null {
  if (!r.parent_run_id) return null;
  const short = r.parent_run_id.slice(0, 8);
  if (r.origin === 'replay') return `replay of ${short}${r.forked_from_step != null ? ` @ step ${r.forked_from_step}` : ''}`;
  return `fork of ${short}${r.forked_from_step != null ? ` @ step ${r.forked_from_step}` : ''}`;
}
