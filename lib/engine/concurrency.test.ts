/**
 * The nodes of one superstep run concurrently: proven without timing (a model call that can only
 * finish once its sibling's call has started), with writes still applied in frontier order; a
 * failing node aborts its siblings; a human node pausing in a fan-out lets its siblings finish.
 */
import { describe, expect, it } from 'vitest';
import type { GraphDocument } from '../graph/schema';
import { runGraph } from './index';
import type { ChatRequest } from './ports';
import { fakePorts, scriptedModel, type FakePorts, type Reply } from './testing/fake-ports';
import { agent, graph } from './testing/graphs';

/** A promise with its resolve function exposed. */
function latch() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

const systemOf = (req: ChatRequest) => String(req.messages[0]?.content ?? '');

/** One reply function for every call, dispatching on the node's system prompt. */
const byNode = (replies: Record<string, (req: ChatRequest) => Reply | Promise<Reply>>, calls: number): Reply[] =>
  Array.from({ length: calls }, () => (req: ChatRequest) => {
    const reply = replies[systemOf(req)];
    if (!reply) throw new Error(`no reply for ${systemOf(req)}`);
    return reply(req);
  });

/** START -> (x, y) -> join -> END */
function fanOut(): GraphDocument {
  return graph(
    { x: agent({ system_prompt: 'X' }), y: agent({ system_prompt: 'Y' }), join: agent({ system_prompt: 'J' }) },
    [
      { from: 'START', to: 'x' },
      { from: 'START', to: 'y' },
      { from: 'x', to: 'join' },
      { from: 'y', to: 'join' },
      { from: 'join', to: 'END' },
    ],
  );
}

const run = (doc: GraphDocument, p: FakePorts) => runGraph({ runId: 'r', doc, input: 'hi', ports: p });

describe('scheduler: concurrent supersteps', () => {
  it('runs the branches of a fan-out at the same time, yet applies their writes in frontier order', async () => {
    // x's call can only finish once y's call has started: run one after the other, this never ends.
    const yCalled = latch();
    const p = fakePorts({
      model: scriptedModel(
        byNode(
          {
            X: async () => {
              await yCalled.opened;
              return 'from x';
            },
            Y: () => {
              yCalled.open();
              return 'from y';
            },
            J: () => 'joined',
          },
          3,
        ),
      ),
    });
    const out = await run(fanOut(), p);
    expect(out).toMatchObject({ status: 'succeeded', output: 'joined' });
    // y finished first, and the events of the two nodes interleave...
    expect(p.of('node.finished').map((e) => e.node)).toEqual(['y', 'x', 'join']);
    const step1 = p.events.filter((e) => e.step === 1 && (e.type === 'node.started' || e.type === 'node.finished')).map((e) => `${e.type}:${e.node}`);
    expect(step1).toEqual(['node.started:x', 'node.started:y', 'node.finished:y', 'node.finished:x']);
    // ...but both saw the state at the start of the step, and the state and checkpoints follow frontier order.
    expect(p.model.requests.slice(0, 2).map((r) => r.messages.map((m) => m.content))).toEqual([
      ['X', 'hi'],
      ['Y', 'hi'],
    ]);
    expect(p.model.requests[2].messages.map((m) => m.content)).toEqual(['J', 'hi', '[x] from x', '[y] from y']);
    expect(p.of('state.updated').map((e) => e.node)).toEqual(['x', 'y', 'join']);
    expect(p.checkpoints.map((c) => [c.step, c.next])).toEqual([
      [0, ['x', 'y']],
      [1, ['join']],
      [2, []],
    ]);
    expect(p.checkpoints[1].state.messages).toEqual([
      { role: 'user', content: 'hi' },
      { role: 'assistant', name: 'x', content: 'from x' },
      { role: 'assistant', name: 'y', content: 'from y' },
    ]);
  });

  it('a node that fails aborts its siblings and fails the run with its own error', async () => {
    let xSignal: AbortSignal | undefined;
    const xCalled = latch();
    const quota = Object.assign(new Error('The model server said no.'), { code: 'model_error' });
    const p = fakePorts({
      model: scriptedModel(
        byNode(
          {
            X: (req) => {
              xSignal = req.signal;
              xCalled.open();
              return { hang: true };
            },
            // y fails only once x's call is in flight, so there is something to cancel.
            Y: async () => {
              await xCalled.opened;
              return quota;
            },
          },
          2,
        ),
      ),
    });
    const out = await run(fanOut(), p);
    expect(out).toEqual({ status: 'failed', error: { code: 'model_error', message: 'The model server said no.' } });
    expect(xSignal?.aborted).toBe(true);
    expect(p.signal.aborted).toBe(false);
    const finished = p.of('node.finished').map((e) => [e.node, e.data.status, (e.data.error as { code: string }).code]);
    expect(finished).toEqual([
      ['y', 'failed', 'model_error'],
      ['x', 'failed', 'sibling_failed'],
    ]);
    expect((p.of('node.finished')[1].data.error as { message: string }).message).toMatch(/node "y" failed/);
    // The run fails once, after both nodes have settled; the join never runs.
    expect(p.events.at(-1)).toMatchObject({ type: 'run.failed', data: { error: { code: 'model_error' } } });
    expect(p.of('run.failed')).toHaveLength(1);
    expect(p.of('node.started').map((e) => e.node)).toEqual(['x', 'y']);
  });

  it('a cancel during a fan-out aborts every branch and reports cancelled', async () => {
    const ctl = new AbortController();
    const p = fakePorts({
      model: scriptedModel([{ hang: true }, { hang: true }]),
      signal: ctl.signal,
      onEvent: (e) => {
        if (e.type === 'llm.request' && e.node === 'y') ctl.abort();
      },
    });
    const out = await run(fanOut(), p);
    expect(out).toEqual({ status: 'cancelled' });
    expect(p.of('node.finished').map((e) => [e.node, (e.data.error as { code: string }).code]).sort()).toEqual([
      ['x', 'cancelled'],
      ['y', 'cancelled'],
    ]);
    expect(p.of('run.cancelled')).toHaveLength(1);
  });
});

describe('scheduler: a human node pausing inside a fan-out', () => {
  /** START -> (worker, gate[, gate2]) -> summary -> END */
  function gated(twoGates = false): GraphDocument {
    const gates = twoGates ? ['gate', 'gate2'] : ['gate'];
    return graph(
      {
        worker: agent({ system_prompt: 'W' }),
        ...Object.fromEntries(gates.map((g) => [g, { role: 'human' as const, prompt: `${g}?` }])),
        summary: agent({ system_prompt: 'S' }),
      },
      [
        { from: 'START', to: 'worker' },
        ...gates.map((g) => ({ from: 'START', to: g })),
        { from: 'worker', to: 'summary' },
        ...gates.map((g) => ({ from: g, to: 'summary' })),
        { from: 'summary', to: 'END' },
      ],
    );
  }

  /** The worker's reply waits until the gate has started (and paused), so it finishes after the pause. */
  function workerAfterGate(): FakePorts {
    const gateStarted = latch();
    return fakePorts({
      model: scriptedModel([
        async () => {
          await gateStarted.opened;
          return 'worked';
        },
      ]),
      onEvent: (e) => {
        if (e.type === 'node.started' && e.node === 'gate') gateStarted.open();
      },
    });
  }

  const resumeFrom = async (doc: GraphDocument, p: FakePorts, replies: Reply[]) => {
    const p2 = fakePorts({ model: scriptedModel(replies) });
    const out = await runGraph({ runId: 'r', doc, input: '', from: p.lastCheckpoint(), resume: { action: 'approve' }, ports: p2 });
    return { p2, out };
  };

  it('lets the sibling finish, pauses, then resumes without running the sibling again', async () => {
    const doc = gated();
    const p = workerAfterGate();
    const out = await run(doc, p);
    expect(out).toMatchObject({ status: 'paused', interrupt: { kind: 'human', node: 'gate', prompt: 'gate?' } });
    // The worker finished after the gate asked to pause, and before the run paused.
    const order = p.events.filter((e) => e.type === 'node.finished' || e.type === 'run.interrupted').map((e) => `${e.type}:${e.node}`);
    expect(order).toEqual(['node.finished:worker', 'run.interrupted:gate']);
    const cp = p.lastCheckpoint();
    expect(cp).toMatchObject({ step: 0, next: ['worker', 'gate'], interrupt: { node: 'gate' } });
    expect(Object.keys(cp.extra?.pending ?? {})).toEqual(['worker']);
    expect(cp.extra?.pending).toHaveProperty('worker.output', 'worked');

    const { p2, out: done } = await resumeFrom(doc, p, ['summed up']);
    expect(done).toMatchObject({ status: 'succeeded', output: 'summed up' });
    expect(p2.model.requests.map((r) => r.messages.map((m) => m.content))).toEqual([['S', 'hi', '[worker] worked']]);
    expect(p2.of('node.started').map((e) => e.node)).toEqual(['summary']);
    expect(p2.of('run.resumed')[0]).toMatchObject({ node: 'gate', data: { action: 'approve' } });
  });

  it('two gates in one step: the first in frontier order pauses, then the second, then the run goes on', async () => {
    const doc = gated(true);
    const p = workerAfterGate();
    expect(await run(doc, p)).toMatchObject({ status: 'paused', interrupt: { node: 'gate' } });
    const first = await resumeFrom(doc, p, []);
    expect(first.out).toMatchObject({ status: 'paused', interrupt: { node: 'gate2' } });
    expect(Object.keys(first.p2.lastCheckpoint().extra?.pending ?? {}).sort()).toEqual(['gate', 'worker']);
    const second = await resumeFrom(doc, first.p2, ['all done']);
    expect(second.out).toMatchObject({ status: 'succeeded', output: 'all done' });
    expect(second.p2.of('state.updated').map((e) => e.node)).toEqual(['worker', 'summary']);
  });
});
