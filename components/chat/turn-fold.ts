/**
 * One chat turn (a run of the conversation) folded from its trace events into what its assistant
 * bubble shows: the answer as it streams (answer deltas) and as it ended, the speaking agent, the
 * tool calls and the pages they read (folded in the bubble), the memory the turn used, and the
 * human step it waits on. Pure: the same events always give the same turn.
 */
import { eventData, type TraceEvent } from '@/lib/contracts/trace';

export interface TurnTool {
  id: string;
  node?: string;
  tool: string;
  args: unknown;
  output?: string;
  error?: string;
  /** Pages a retriever read (the turn's sources). */
  sources: string[];
}

export interface TurnMemory {
  node?: string;
  turns: number;
  keptTurns: number;
  stored: boolean;
  summary?: string;
  summarizedTurns?: number;
  entities: { name: string; kind: string; summary: string }[];
  writes: { kind: string; from: number; to: number; summary?: string; error?: string }[];
}

export interface TurnPause {
  node: string;
  prompt?: string;
  /** `approval`: approve or reject; `input`: an answer; else a breakpoint or tool pause (continue). */
  humanKind?: 'approval' | 'input';
  kind: 'human' | 'breakpoint' | 'tool';
}

export type TurnState = 'waiting' | 'streaming' | 'paused' | 'succeeded' | 'rejected' | 'failed' | 'cancelled';

export interface Turn {
  state: TurnState;
  /** The answer: streamed answer text while running, the run's output once it ended. */
  text: string;
  /** The agents whose answer text this is, in order of speaking (node ids). */
  speakers: string[];
  tools: TurnTool[];
  memory: TurnMemory[];
  pause: TurnPause | null;
  error: string | null;
}

/** A run's output as chat text. */
export function outputAsText(output: unknown): string {
  if (output === null || output === undefined) return '';
  if (typeof output === 'string') return output;
  return '```json\n' + JSON.stringify(output, null, 2) + '\n```';
}

export function foldTurn(events: readonly TraceEvent[]): Turn {
  const t: Turn = { state: 'waiting', text: '', speakers: [], tools: [], memory: [], pause: null, error: null };
  let streamed = '';
  const byCall = new Map<string, TurnTool>();
  for (const e of [...events].sort((a, b) => a.seq - b.seq)) {
    const delta = eventData(e, 'llm.delta');
    if (delta) {
      if (t.state === 'waiting') t.state = 'streaming';
      if (delta.answer) {
        streamed += delta.text;
        if (e.node && t.speakers.at(-1) !== e.node) t.speakers.push(e.node);
      }
      continue;
    }
    const call = eventData(e, 'tool.call');
    if (call) {
      const tool: TurnTool = { id: call.tool_call_id ?? `${e.span_id}:${t.tools.length}`, node: e.node, tool: call.tool, args: call.args, sources: [] };
      t.tools.push(tool);
      byCall.set(e.span_id, tool);
      continue;
    }
    const result = eventData(e, 'tool.result');
    if (result) {
      const tool = byCall.get(e.span_id) ?? [...t.tools].reverse().find((x) => x.tool === result.tool && x.output === undefined);
      if (tool) {
        tool.output = result.output;
        tool.error = result.error;
        tool.sources = (result.pages ?? []).map((p) => p.url);
      }
      continue;
    }
    const read = eventData(e, 'memory.read');
    if (read) {
      t.memory.push({ node: e.node, turns: read.turns, keptTurns: read.kept_turns, stored: read.stored, summary: read.summary, summarizedTurns: read.summarized_turns, entities: read.entities ?? [], writes: [] });
      continue;
    }
    const write = eventData(e, 'memory.write');
    if (write) {
      const m = [...t.memory].reverse().find((x) => x.node === e.node) ?? t.memory.at(-1);
      m?.writes.push({ kind: write.kind, from: write.from, to: write.to, summary: write.summary, error: write.error });
      continue;
    }
    const paused = eventData(e, 'run.interrupted');
    if (paused) {
      t.state = 'paused';
      t.pause = { node: paused.node, prompt: paused.prompt, humanKind: paused.human_kind, kind: paused.kind };
      continue;
    }
    if (e.type === 'run.resumed') {
      t.state = 'streaming';
      t.pause = null;
      continue;
    }
    if (e.type === 'node.started' && t.state === 'waiting') t.state = 'streaming';
    const finished = eventData(e, 'run.finished');
    if (finished) {
      t.state = finished.status === 'rejected' ? 'rejected' : 'succeeded';
      t.text = finished.status === 'rejected' ? '' : outputAsText(finished.output) || streamed;
      if (finished.rejected) t.error = `Rejected at ${finished.rejected.node}${finished.rejected.reason ? `: ${finished.rejected.reason}` : ''}`;
      t.pause = null;
      return t;
    }
    const failed = eventData(e, 'run.failed');
    if (failed) {
      t.state = 'failed';
      t.error = failed.error.message;
      t.text = streamed;
      t.pause = null;
      return t;
    }
    if (e.type === 'run.cancelled') {
      t.state = 'cancelled';
      t.text = streamed;
      t.pause = null;
      return t;
    }
  }
  t.text = streamed;
  return t;
}
