/**
 * Which of a run's model tokens are the answer an OpenAI client is streamed (chat.completions with
 * `stream: true`): the llm.delta text the engine marked `answer: true` (executors know which text
 * is their answer: all of a tool_calling agent's or supervisor's reply, what follows a react
 * agent's Final Answer), from nodes whose next edge goes to END.
 *
 * - Only nodes the scheduler runs (a node.started without a `caller`: not a worker / agent tool,
 *   not inside a subgraph).
 * - A node whose every way on is END streams live. A node that may also go elsewhere (a branch
 *   to END among others, or an edge to END beside other edges) has its last call's answer held
 *   back until its edge to END is taken, and dropped when it goes elsewhere.
 * - One call at a time: a call that had answer text while another call streamed is never streamed.
 * - Trailing whitespace is held back (the final text is often trimmed).
 * - A retried call (llm.retry) starts its text over; only what goes past the text already sent is sent.
 * The caller compares what was streamed with the run's final output at the end (see `ending`).
 */
import { eventData, type TraceEvent } from '@/lib/contracts/trace';
import { END, branchTarget, isConditional, type GraphDocument } from '@/lib/graph/schema';

type Mode = 'live' | 'held';

/** The nodes whose answer can be the run's final output, and how their answer text is streamed. */
export function answerNodes(doc: GraphDocument): Map<string, Mode> {
  const out = new Map<string, Mode>();
  for (const id of Object.keys(doc.nodes)) {
    const targets = doc.edges.filter((e) => e.from === id).flatMap((e) => (isConditional(e) ? e.branches.map(branchTarget) : [e.to]));
    if (targets.length && !targets.includes(END)) continue;
    out.set(id, targets.every((t) => t === END) ? 'live' : 'held');
  }
  return out;
}

interface Call {
  node: string;
  mode: Mode;
  /** The answer text of the call so far. */
  full: string;
  sent: number;
  skipped?: boolean;
}

export class AnswerStream {
  private readonly nodes: Map<string, Mode>;
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
    const mode = e.node === undefined ? undefined : this.nodes.get(e.node);
    if (!mode || e.node === undefined) return '';
    switch (e.type) {
      case 'node.started':
        if (eventData(e, 'node.started')?.caller === undefined) this.nodeSpans.add(e.span_id);
        return '';
      case 'llm.delta':
        return this.delta(e, e.node, mode);
      case 'llm.retry': {
        // A failed attempt (a stream cut short, a timeout) starts over: its text is not the answer.
        // What was already sent stays sent; the retry's text is sent from where that ended.
        const call = this.calls.get(e.span_id);
        if (call) call.full = '';
        return '';
      }
      case 'llm.response':
        if (this.current === e.span_id) this.current = undefined;
        return '';
      case 'edge.taken': {
        const span = this.lastHeld.get(e.node);
        if (!span || !this.nodeSpans.has(e.span_id)) return '';
        this.lastHeld.delete(e.node);
        const call = this.calls.get(span);
        return call && eventData(e, 'edge.taken')?.to === END && this.current === undefined ? this.emit(call, true) : '';
      }
      default:
        return '';
    }
  }

  private delta(e: TraceEvent, node: string, mode: Mode): string {
    const d = eventData(e, 'llm.delta');
    if (!d?.answer || !e.parent_span_id || !this.nodeSpans.has(e.parent_span_id)) return '';
    let call = this.calls.get(e.span_id);
    if (!call) {
      call = { node, mode, full: '', sent: 0 };
      this.calls.set(e.span_id, call);
      if (mode === 'held') this.lastHeld.set(node, e.span_id);
    }
    call.full += d.text;
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
    const ready = all ? call.full : call.full.trimEnd();
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
