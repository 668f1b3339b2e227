import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GraphDocument } from '@/lib/graph/schema';
import { computeProblems } from './state/compute-problems';
import { documentToEditor, editorToDocument } from './state/convert';

const doc: GraphDocument = {
  switchyard: 1,
  name: 'g',
  models: { default: { connection: 'default', model: 'm' } },
  nodes: { a: { role: 'agent', tools: ['nope'] } },
  edges: [
    { from: 'START', to: 'a' },
    { from: 'a', branches: [{ when: 'state.x ==', to: 'END' }, { else: 'END' }] },
  ],
};
const input = () => editorToDocument(documentToEditor(doc));

/**
 * A browser Worker in-process: the real validate.worker.ts module runs with `self` set to this side
 * of the channel; messages are structured-cloned and delivered on a later task, as in a browser.
 */
async function inProcessWorker(opts: { failToLoad?: boolean } = {}) {
  const started: FakeWorker[] = [];
  const workerSide = { onmessage: null as null | ((e: { data: unknown }) => void), postMessage: (m: unknown) => started[0]?.deliver(m) };
  class FakeWorker {
    onmessage: ((e: { data: unknown }) => void) | null = null;
    onerror: ((e: unknown) => void) | null = null;
    terminated = false;
    constructor(public url: URL) {
      started.push(this);
      if (opts.failToLoad) setTimeout(() => this.onerror?.({ message: 'could not load' }));
    }
    postMessage(m: unknown) {
      if (!opts.failToLoad) setTimeout(() => workerSide.onmessage?.({ data: structuredClone(m) }));
    }
    deliver(m: unknown) {
      setTimeout(() => this.onmessage?.({ data: structuredClone(m) }));
    }
    terminate() {
      this.terminated = true;
    }
  }
  vi.resetModules();
  vi.stubGlobal('self', workerSide);
  vi.stubGlobal('Worker', FakeWorker);
  await import('./validate.worker');
  const { validate } = await import('./validation');
  return { validate, started };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('editor validation (./validation.ts)', () => {
  it('without Web Workers it validates on this thread', async () => {
    vi.resetModules();
    const { validate } = await import('./validation');
    expect(await validate(input())).toEqual(computeProblems(input()));
  });

  it('in the worker: the same problems, each reply to its own request, one worker for all', async () => {
    const { validate, started } = await inProcessWorker();
    const other = editorToDocument(documentToEditor({ ...doc, nodes: { a: { role: 'agent' } } }));
    const [a, b] = await Promise.all([validate(input()), validate(other)]);
    expect(a).toEqual(computeProblems(input()));
    expect(a.errorCount).toBe(2);
    expect(b).toEqual(computeProblems(other));
    expect(b.errorCount).toBe(1);
    expect(started).toHaveLength(1);
    expect(started[0].url.pathname).toMatch(/validate\.worker\.ts$/);
  });

  it('a worker that cannot load: waiting and later requests are validated on this thread', async () => {
    const { validate, started } = await inProcessWorker({ failToLoad: true });
    expect(await validate(input())).toEqual(computeProblems(input()));
    expect(started[0].terminated).toBe(true);
    expect(await validate(input())).toEqual(computeProblems(input()));
    expect(started).toHaveLength(1);
  });
});
