/**
 * Which of a run's model tokens are the answer an OpenAI client is streamed (chat.completions with
 * `stream: true`): the llm.delta text of the model calls of nodes whose next edge goes to END.
 *
 * - Only nodes the scheduler runs (a node.started without a `caller`: not a worker / agent tool,
 *   not inside a subgraph) whose answer is the text of their last model call: agents with the
 *   tool_calling or react strategy, and supervisors.
 * - A node whose every way on is END streams live. A node that may also go elsewhere (a branch
 *   to END among others, or an edge to END beside other edges) has its last call's text held
 *   back until its edge to END is taken, and dropped when it goes elsewhere.
 * - A react agent streams only what follows "Final Answer:" (held until the marker appears);
 *   a quoted answer, or a custom final_answer_pattern, is not streamed live at all.
 * - One call at a time: a call that had text while another call streamed is never streamed.
 * - Trailing whitespace is held back (the final text is often trimmed).
 * The caller compares what was streamed with the run's final output at the end (see `ending`).
 */
import type { TraceEvent } from '@/lib/contracts/trace';
import { DEFAULTS } from '@/lib/graph/defaults';
import { END, branchTarget, isConditional, type GraphDocument } from '@/lib/graph/schema';

type Mode = 'live' | 'held';
type Kind = 'plain' | 'react';

/** The nodes whose answer can be the run's final output, and how their tokens are streamed. */
export function answerNodes(doc: GraphDocument): Map<string, { mode: Mode; kind: Kind }> {
  const out = new Map<string, { mode: Mode; kind: Kind }>();
  for (const [id, node] of Object.entries(doc.nodes)) {
    const strategy = node.role === 'agent' ? (node.strategy ?? DEFAULTS.strategy) : undefined;
    const kind: Kind | undefined = node.role === 'supervisor' || strategy === 'tool_calling' ? 'plain' : strategy === 'react' ? 'react' : undefined;
    if (!kind) continue;
    if (kind === 'react' && node.role === 'agent' && node.final_answer_pattern !== undefined) continue;
    const targets = doc.edges.filter((e) => e.from === id).flatMap((e) => (isConditional(e) ? e.branches.map(branchTarget) : [e.to]));
    if (targets.length && !targets.includes(END)) continue;
    out.set(id, { mode: targets.every((t) => t === END) ? 'live' : 'held', kind });
  }
  return out;
}

const MARKER = /Final Answer\s*:/;

/** The part of a call's text that is the answer so far ('' while there is none yet). */
function answerPart(kind: Kind, full: string): string {
  if (kind === 'plain') return full;
  const m = MARKER.exec(full);
  if (!m) return '';
  let rest = full.slice(m.index + m[0].length).trimStart();
  const cut = rest.indexOf('Observation:');
  if (cut >= 0) rest = rest.slice(0, cut);
  return rest.startsWith('"') ? '' : rest;
}

interface Call {
  node: string;
  kind: Kind;
  mode: Mode;
  full: string;
  sent: number;
  skipped?: boolean;
}

export class AnswerStream {
  private readonly nodes: Map<string, { mode: Mode; kind: Kind }>;
  /** Spans of the answer nodes run by the scheduler itself. */
  private readonly nodeSpans = new Set<string>();
  private readonly calls = new Map<string, Call>();
  /** The call streaming live now; others wait until it has its llm.response. */
  private current: string | undefined;
  /** Per held node, its latest call's span. */
  private readonly lastHeld = new Map<string, string>();
  private lastSeq = 0;
  private text = '';

  constructor(doc: GraphDocument) {
    this.nodes = answerNodes(doc);
  }

  /** Everything sent so far. */
  get streamed(): string {
    return this.text;
  }

  /** Feeds one trace event (duplicates by seq are ignored); returns the content to send now. */
  push(e: TraceEvent): string {
    if (e.seq <= this.lastSeq) return '';
    this.lastSeq = e.seq;
    const spec = e.node === undefined ? undefined : this.nodes.get(e.node);
    if (!spec || e.node === undefined) return '';
    switch (e.type) {
      case 'node.started':
        if (e.data.caller === undefined) this.nodeSpans.add(e.span_id);
        return '';
      case 'llm.delta':
        return this.delta(e, e.node, spec);
      case 'llm.response':
        if (this.current === e.span_id) this.current = undefined;
        return '';
      case 'edge.taken': {
        const span = this.lastHeld.get(e.node);
        if (!span || !this.nodeSpans.has(e.span_id)) return '';
        this.lastHeld.delete(e.node);
        const call = this.calls.get(span);
        return call && e.data.to === END && this.current === undefined ? this.emit(call, true) : '';
      }
      default:
        return '';
    }
  }

  private delta(e: TraceEvent, node: string, spec: { mode: Mode; kind: Kind }): string {
    if (!e.parent_span_id || !this.nodeSpans.has(e.parent_span_id)) return '';
    let call = this.calls.get(e.span_id);
    if (!call) {
      call = { node, ...spec, full: '', sent: 0 };
      this.calls.set(e.span_id, call);
      if (spec.mode === 'held') this.lastHeld.set(node, e.span_id);
    }
    call.full += typeof e.data.text === 'string' ? e.data.text : '';
    if (call.mode === 'held') return '';
    if (call.skipped) return '';
    if (this.current !== undefined && this.current !== e.span_id) {
      call.skipped = true; // it ran beside the streaming call: never join in halfway
      return '';
    }
    const out = this.emit(call, false);
    if (out) this.current = e.span_id;
    return out;
  }

  /** The new answer text of a call (all of it when `all`, else without trailing whitespace). */
  private emit(call: Call, all: boolean): string {
    const part = answerPart(call.kind, call.full);
    const ready = all ? part : part.trimEnd();
    if (ready.length <= call.sent) return '';
    const piece = ready.slice(call.sent);
    call.sent = ready.length;
    this.text += piece;
    return piece;
  }
}

/**
 * What to send once the run's final text is known: the rest of it when what was streamed is its
 * beginning, else (the streamed call was not the answer after all) the whole answer after a
 * blank line, so the client ends up with the right answer last (nothing when the output is empty).
 */
export function ending(streamed: string, final: string): string {
  if (final.startsWith(streamed)) return final.slice(streamed.length);
  if (!final) return '';
  return `\n\n${final}`;
}
