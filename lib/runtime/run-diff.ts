/**
 * The diff of two runs (GET /api/runs/diff): aligned by step and node (a fork keeps its parent's
 * step numbers, so its steps line up with the run it came from); per row which run ran the node,
 * prompt and output text diffs (jsdiff), branches taken, tool calls, and token, latency and cost
 * deltas; totals and the diff of the two answers.
 */
import 'server-only';
import { diffLines, diffWordsWithSpace, type Change } from 'diff';
import type { Delta, DiffRow, NodeStepSummary, RunDiffResponse, TextChange } from '@/lib/contracts/time-travel';
import { notFound } from '@/lib/errors';
import { getStore } from '@/db/store';
import { runView } from './run-views';
import { summarizeSteps } from './run-diff-steps';

function changes(list: Change[]): TextChange[] {
  return list.map((c) => ({ value: c.value, ...(c.added ? { added: true } : {}), ...(c.removed ? { removed: true } : {}) }));
}

/** A line diff for long texts, a word diff for short ones. */
export function textDiff(a: string, b: string): TextChange[] {
  return changes(a.includes('\n') || b.includes('\n') ? diffLines(a, b) : diffWordsWithSpace(a, b));
}

function delta(a: number | null | undefined, b: number | null | undefined): Delta {
  const x = a ?? null;
  const y = b ?? null;
  return { a: x, b: y, delta: x !== null && y !== null ? y - x : null };
}

const tokens = (s: NodeStepSummary | null) => (s ? s.input_tokens + s.output_tokens : null);
const same = (x: unknown, y: unknown) => JSON.stringify(x) === JSON.stringify(y);

function row(step: number, node: string, a: NodeStepSummary | null, b: NodeStepSummary | null): DiffRow {
  const both = a && b;
  const promptDiffers = !!both && a.prompt !== b.prompt;
  const outputDiffers = !!both && a.output !== b.output;
  const branchDiffers = !!both && !same(a.branches, b.branches);
  const toolsDiffer = !!both && !same(a.tool_calls, b.tool_calls);
  const kind = !a ? 'only_b' : !b ? 'only_a' : promptDiffers || outputDiffers || branchDiffers || toolsDiffer || a.status !== b.status ? 'changed' : 'same';
  return {
    step,
    node,
    kind,
    a,
    b,
    prompt_diff: promptDiffers ? textDiff(a!.prompt, b!.prompt) : null,
    output_diff: outputDiffers ? textDiff(a!.output, b!.output) : null,
    branch_differs: branchDiffers,
    tools_differ: toolsDiffer,
    tokens: delta(tokens(a), tokens(b)),
    latency_ms: delta(a?.latency_ms, b?.latency_ms),
    cost_usd: delta(a?.cost_usd, b?.cost_usd),
  };
}

function sum(list: Iterable<NodeStepSummary>, f: (s: NodeStepSummary) => number | null): number | null {
  let total: number | null = null;
  for (const s of list) {
    const v = f(s);
    if (v !== null) total = (total ?? 0) + v;
  }
  return total;
}

function text(v: unknown): string {
  if (v === undefined || v === null) return '';
  return typeof v === 'string' ? v : JSON.stringify(v, null, 2);
}

export async function diffRuns(aId: string, bId: string): Promise<RunDiffResponse> {
  const store = getStore();
  const ra = await store.runs.get(aId);
  if (!ra) throw notFound(`Run ${aId}`);
  const rb = await store.runs.get(bId);
  if (!rb) throw notFound(`Run ${bId}`);
  const sa = summarizeSteps(await store.events.list(aId));
  const sb = summarizeSteps(await store.events.list(bId));
  const keys = new Map<string, { step: number; node: string; order: number }>();
  let order = 0;
  for (const s of [...sa.values(), ...sb.values()]) {
    const k = `${s.step}\u0000${s.node}`;
    if (!keys.has(k)) keys.set(k, { step: s.step, node: s.node, order: order++ });
  }
  const rows = [...keys.entries()]
    .sort(([, x], [, y]) => x.step - y.step || x.order - y.order)
    .map(([k, { step, node }]) => row(step, node, sa.get(k) ?? null, sb.get(k) ?? null));
  const first = rows.find((r) => r.kind !== 'same');
  const dur = (r: typeof ra) => (r.startedAt && r.finishedAt ? r.finishedAt.getTime() - r.startedAt.getTime() : null);
  return {
    a: runView(ra),
    b: runView(rb),
    rows,
    first_difference: first ? { step: first.step, node: first.node } : null,
    totals: {
      tokens: delta(ra.usage?.total_tokens ?? sum(sa.values(), tokens), rb.usage?.total_tokens ?? sum(sb.values(), tokens)),
      latency_ms: delta(dur(ra), dur(rb)),
      cost_usd: delta(sum(sa.values(), (s) => s.cost_usd), sum(sb.values(), (s) => s.cost_usd)),
      model_calls: delta(sum(sa.values(), (s) => s.model_calls), sum(sb.values(), (s) => s.model_calls)),
    },
    output_diff: textDiff(text(ra.output), text(rb.output)),
  };
}
