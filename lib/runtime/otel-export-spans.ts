/**
 * The spans of a finished run, planned from its recorded trace events (OpenTelemetry GenAI semantic
 * conventions): the run (`invoke_workflow <graph>`), its nodes (`invoke_agent <node>` for model
 * roles, `<role> <node>` otherwise), model calls (`chat <model>`), tool calls (`execute_tool <name>`),
 * and any other span of the trace (memory) under its parent. Message contents only with
 * `captureContent`. Cost: `switchyard.cost_usd` on each priced model call, on each node (its calls'
 * and its nested nodes' summed) and on the run (its total). Pure: otel-export.ts hands these to
 * the OpenTelemetry SDK. Spans, parents, the run's status, usage and answer come from the one trace
 * fold (lib/contracts/trace-fold.ts): a run paused then cancelled is one workflow span with its status.
 */
import { promptResolver } from '@/lib/contracts/llm-prompt';
import type { TraceEvent } from '@/lib/contracts/trace';
import { foldTrace, tsMs, type TraceItem } from '@/lib/contracts/trace-fold';
import { roundUsd } from '@/lib/graph/prices';

export type AttrValue = string | number | boolean | string[];

export interface PlannedSpan {
  /** The trace's span id (not the OpenTelemetry one). */
  id: string;
  parent?: string;
  name: string;
  kind: 'internal' | 'client';
  start: number;
  end: number;
  attributes: Record<string, AttrValue>;
  /** Set for a failed run, node or call: the span's status is ERROR with this message. */
  error?: string;
}

export interface RunInfo {
  id: string;
  graph: string;
  conversationId?: string | null;
}

const MODEL_ROLES = new Set(['agent', 'planner', 'executor', 'supervisor']);

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const json = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v ?? null));

function set(attrs: Record<string, AttrValue>, key: string, v: AttrValue | undefined): void {
  if (v !== undefined) attrs[key] = v;
}

function errorText(e: unknown): string | undefined {
  if (!e || typeof e !== 'object') return typeof e === 'string' ? e : undefined;
  const { code, message } = e as { code?: unknown; message?: unknown };
  return [str(code), str(message)].filter(Boolean).join(': ') || undefined;
}

export function planSpans(run: RunInfo, events: readonly TraceEvent[], captureContent: boolean): PlannedSpan[] {
  const fold = foldTrace(events);
  const runSpan = fold.runSpan ?? fold.roots[0];
  // llm.request stores only what is new since an earlier request: prompts are resolved against the run's events.
  const resolvePrompt = promptResolver(events);
  /** A span's times: its own events' and those of the point events (edges, pauses) under it. */
  const timesOf = (item: TraceItem) => [...item.events, ...item.children.map((c) => fold.items.get(c)!).filter((c) => c.point).flatMap((c) => c.events)].map((e) => tsMs(e.ts)).filter(Boolean);

  const spans = new Map<string, PlannedSpan>();
  for (const item of fold.items.values()) {
    if (item.point) continue;
    const { id } = item;
    const first = item.events[0];
    const evs = item.events;
    const attrs: Record<string, AttrValue> = {};
    const times = timesOf(item);
    const span: PlannedSpan = {
      id,
      // A span whose parent is unknown still belongs to the run's trace.
      parent: item.parent ?? (id === runSpan ? undefined : runSpan),
      name: first.type,
      kind: 'internal',
      start: Math.min(...times),
      end: Math.max(...times),
      attributes: attrs,
    };
    if (id === runSpan) {
      span.name = `invoke_workflow ${run.graph}`;
      set(attrs, 'gen_ai.operation.name', 'invoke_workflow');
      set(attrs, 'gen_ai.workflow.name', run.graph);
      set(attrs, 'switchyard.run.id', run.id);
      if (run.conversationId) set(attrs, 'gen_ai.conversation.id', run.conversationId);
      set(attrs, 'switchyard.run.status', fold.status ?? undefined);
      set(attrs, 'gen_ai.usage.input_tokens', fold.usage.input_tokens);
      set(attrs, 'gen_ai.usage.output_tokens', fold.usage.output_tokens);
      const cost = num(fold.usage.cost_usd);
      set(attrs, 'switchyard.cost_usd', cost === undefined ? undefined : roundUsd(cost));
      if (fold.endType === 'run.failed') span.error = errorText(fold.error);
      if (captureContent) {
        set(attrs, 'switchyard.run.input', str(evs.find((e) => e.type === 'run.started')?.data.input));
        if (fold.endType === 'run.finished') set(attrs, 'switchyard.run.output', json(fold.output));
      }
    } else if (first.type === 'node.started') {
      const node = first.node ?? '';
      const role = str(first.data.role) ?? 'node';
      span.name = MODEL_ROLES.has(role) ? `invoke_agent ${node}` : `${role} ${node}`;
      if (MODEL_ROLES.has(role)) {
        set(attrs, 'gen_ai.operation.name', 'invoke_agent');
        set(attrs, 'gen_ai.agent.name', node);
      }
      set(attrs, 'switchyard.node.id', node);
      set(attrs, 'switchyard.node.role', role);
      set(attrs, 'switchyard.node.strategy', str(first.data.strategy));
      const fin = evs.findLast((e) => e.type === 'node.finished');
      set(attrs, 'switchyard.node.status', str(fin?.data.status));
      if (fin?.data.status === 'failed') span.error = errorText(fin.data.error);
    } else if (first.type === 'llm.request') {
      const d = first.data;
      const res = evs.find((e) => e.type === 'llm.response')?.data;
      const model = str(d['gen_ai.request.model']) ?? 'model';
      span.name = `chat ${model}`;
      span.kind = 'client';
      set(attrs, 'gen_ai.operation.name', 'chat');
      set(attrs, 'gen_ai.provider.name', 'openai');
      set(attrs, 'gen_ai.system', str(d['gen_ai.system']) ?? 'openai');
      set(attrs, 'gen_ai.request.model', model);
      set(attrs, 'gen_ai.request.temperature', num(d.temperature));
      if (Array.isArray(d.stop)) set(attrs, 'gen_ai.request.stop_sequences', d.stop.map(String));
      set(attrs, 'switchyard.connection', str(d.connection));
      set(attrs, 'switchyard.node.id', first.node);
      if (res) {
        set(attrs, 'gen_ai.response.model', str(res['gen_ai.response.model']));
        set(attrs, 'gen_ai.usage.input_tokens', num(res['gen_ai.usage.input_tokens']));
        set(attrs, 'gen_ai.usage.output_tokens', num(res['gen_ai.usage.output_tokens']));
        const reason = str(res.finish_reason);
        if (reason) set(attrs, 'gen_ai.response.finish_reasons', [reason]);
        set(attrs, 'switchyard.cost_usd', num(res.cost_usd));
        set(attrs, 'switchyard.recording', str(res.recording) ?? (res.replayed ? 'replayed' : undefined));
      } else span.error = 'the model call did not finish';
      if (captureContent) {
        set(attrs, 'gen_ai.input.messages', JSON.stringify(resolvePrompt(first).messages));
        if (res) set(attrs, 'gen_ai.output.messages', JSON.stringify([{ role: 'assistant', content: res.content ?? null, ...(res.tool_calls ? { tool_calls: res.tool_calls } : {}) }]));
      }
    } else if (first.type === 'tool.call') {
      const d = first.data;
      const res = evs.find((e) => e.type === 'tool.result')?.data;
      const tool = str(d.tool) ?? 'tool';
      span.name = `execute_tool ${tool}`;
      set(attrs, 'gen_ai.operation.name', 'execute_tool');
      set(attrs, 'gen_ai.tool.name', tool);
      set(attrs, 'gen_ai.tool.call.id', str(d.tool_call_id));
      set(attrs, 'gen_ai.tool.type', str(d.type));
      set(attrs, 'switchyard.node.id', first.node);
      if (res?.error) span.error = str(res.error);
      if (captureContent) {
        set(attrs, 'gen_ai.tool.call.arguments', json(d.args));
        if (res) set(attrs, 'gen_ai.tool.call.result', json(res.output));
      }
    } else if (first.type === 'memory.read') {
      span.name = `memory ${first.node ?? ''}`.trim();
      set(attrs, 'switchyard.node.id', first.node);
    }
    spans.set(id, span);
  }
  // Parents before children (the exporter starts a span under its parent's).
  const ordered: PlannedSpan[] = [];
  const walk = (id: string) => {
    const s = spans.get(id);
    if (s) ordered.push(s);
    for (const c of fold.items.get(id)?.children ?? []) walk(c);
  };
  if (runSpan && spans.has(runSpan)) walk(runSpan);
  for (const id of fold.roots) if (id !== runSpan) walk(id);
  addNodeCosts(spans, runSpan);
  // A span lasts until its last descendant's end (children are planned after their parents).
  for (const s of ordered.slice().reverse()) {
    const p = s.parent ? spans.get(s.parent) : undefined;
    if (p) {
      p.end = Math.max(p.end, s.end);
      p.start = Math.min(p.start, s.start);
    }
  }
  return ordered;
}

/**
 * Each node span's `switchyard.cost_usd`: the cost of the priced model calls under it (its own and
 * its nested nodes'); the run span's too when its end event carried no total (e.g. it failed).
 */
function addNodeCosts(spans: ReadonlyMap<string, PlannedSpan>, runSpan: string | undefined): void {
  const totals = new Map<string, number>();
  for (const s of spans.values()) {
    const cost = s.attributes['gen_ai.operation.name'] === 'chat' ? num(s.attributes['switchyard.cost_usd']) : undefined;
    if (cost === undefined) continue;
    for (let p = s.parent ? spans.get(s.parent) : undefined; p; p = p.parent ? spans.get(p.parent) : undefined) {
      const isNode = p.attributes['switchyard.node.role'] !== undefined; // only node spans carry a role
      if (isNode || p.id === runSpan) totals.set(p.id, (totals.get(p.id) ?? 0) + cost);
    }
  }
  for (const [id, usd] of totals) {
    const span = spans.get(id)!;
    if (id !== runSpan || span.attributes['switchyard.cost_usd'] === undefined) span.attributes['switchyard.cost_usd'] = roundUsd(usd);
  }
}
