/**
 * Queue mode against a real redis-server (lib/testing/redis-server.ts) and real worker processes
 * (`npm run worker`, spawned): this test process is the web process (the real route handlers,
 * SWITCHYARD_QUEUE set), the runs execute on the workers, on the same SQLite file (or the same
 * Postgres database: queue-mode.postgres.test.ts). Enqueue and run
 * with the SSE stream served by the web process; a worker SIGKILLed mid-run and the run finished by
 * another one from its checkpoint with no repeated tool call; cancel of a queued and of a running
 * run across processes; a human pause resumed through the queue.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { GraphDocument } from '@/lib/graph/schema';
import { startMockOpenAI, type MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import { redisServerBinary, startRedisServer, type RedisServer } from '@/lib/testing/redis-server';
import { startHarness, type Harness } from '../testing/harness';
import { humanGraph } from '../testing/graphs';
import { closeQueueConnections } from './connections';
import { spawnWorker, type SpawnedWorker } from './testing/spawned-worker';

const haveRedis = redisServerBinary() !== null;
// Skipped only on a developer's machine without redis-server; in CI (.ci/run installs it) it fails instead.
const skip = !haveRedis && !process.env.CI;
if (skip) console.warn('queue-mode suite SKIPPED: redis-server is not installed (apt-get install -y redis-server, or set REDIS_SERVER_BIN)');

let redis: RedisServer;
let mock: MockOpenAI;
let h: Harness;
let target: Server;
let targetUrl = '';
const hits: string[] = [];
let workerEnv: Record<string, string> = {};
const workers: SpawnedWorker[] = [];

async function worker(): Promise<SpawnedWorker> {
  const w = await spawnWorker(workerEnv);
  workers.push(w);
  return w;
}

function postThenThink(name: string): GraphDocument {
  return {
    switchyard: 1,
    name,
    models: { default: { connection: 'default', model: 'gpt-test' } },
    tools: { hook: { type: 'http', method: 'POST', url: `${targetUrl}/hook`, description: 'Posts a notification.' } },
    nodes: { a: { role: 'agent', strategy: 'tool_calling', tools: ['hook'], system_prompt: 'Notify, then answer.' } },
    edges: [
      { from: 'START', to: 'a' },
      { from: 'a', to: 'END' },
    ],
  };
}

/** A rule that holds its model call forever, resolving `held` when the call arrives. */
function hangingRule(name: string, turn: number, times?: number) {
  let held: () => void = () => {};
  const arrived = new Promise<void>((r) => (held = r));
  return {
    arrived,
    rule: {
      name,
      match: { turn },
      ...(times ? { times } : {}),
      reply: () => {
        held();
        return { hang: true as const };
      },
    },
  };
}

describe.skipIf(skip)('queue mode (real redis-server, spawned workers)', () => {
  beforeAll(async () => {
    redis = await startRedisServer();
    mock = await startMockOpenAI();
    target = createServer((req, res) => {
      hits.push(`${req.method} ${req.url}`);
      req.resume();
      res.writeHead(200, { 'content-type': 'text/plain' }).end(`accepted #${hits.length}`);
    });
    await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
    targetUrl = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
    const env = { SWITCHYARD_QUEUE: redis.url, OPENAI_BASE_URL: mock.url, OPENAI_API_KEY: 'sk-test', SWITCHYARD_ALLOWED_HOSTS: '127.0.0.1' };
    h = await startHarness(env);
    // A dead worker's job is taken over once its lock (1 s) expired; workers look every 200 ms.
    workerEnv = { ...env, SWITCHYARD_DB: h.dbFile, SWITCHYARD_AUTH: 'off', SWITCHYARD_QUEUE_LOCK_MS: '1000', SWITCHYARD_QUEUE_STALLED_MS: '200' };
  });

  afterEach(async () => {
    for (const w of workers.splice(0)) await w.kill();
  });

  afterAll(async () => {
    for (const w of workers) await w.kill();
    await h?.close();
    await closeQueueConnections();
    await redis?.stop();
    await mock?.close();
    await new Promise<void>((r) => (target ? target.close(() => r()) : r()));
  });

  it('a run waits queued until a worker takes it; the web process streams its events over SSE', async () => {
    mock.script([{ name: 'hello', match: { turn: 1 }, reply: { content: 'Hello from a worker.' } }]);
    const graphId = await h.createGraph({ ...postThenThink('greet'), tools: {}, nodes: { a: { role: 'agent', strategy: 'tool_calling' } } });
    const runId = await h.startRun(graphId, { input: 'hi' });
    expect((await h.run(runId)).run.status).toBe('queued'); // no worker yet: nothing runs it
    const { res, sse } = await h.events(runId);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reading = h.collect(sse);

    await worker();
    const events = await reading;
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1)); // no gap, no duplicate
    expect(events[0].type).toBe('run.started');
    expect(events.at(-1)).toMatchObject({ type: 'run.finished', data: { output: 'Hello from a worker.' } });
    expect((await h.waitForStatus(runId, ['succeeded'])).run.status).toBe('succeeded');
  });

  it('a worker killed mid-run: another worker finishes the run from its checkpoint, no tool call repeated', async () => {
    const hang = hangingRule('hang', 2, 1);
    mock.script([
      { name: 'call', match: { turn: 1 }, reply: { tool_calls: [{ name: 'hook', arguments: {} }] } },
      hang.rule,
      { name: 'answer', match: { turn: 2 }, reply: { content: 'Notified.' } },
    ]);
    hits.length = 0;
    const first = await worker();
    const graphId = await h.createGraph(postThenThink('post-then-think'));
    const runId = await h.startRun(graphId, { input: 'go' });
    await hang.arrived; // the tool call finished; the next model call is in flight on `first`
    expect(hits).toEqual(['POST /hook']);
    await first.kill();

    const second = await worker();
    const done = await h.waitForStatus(runId, ['succeeded', 'failed', 'interrupted'], 60_000);
    expect(done.run.status).toBe('succeeded');
    expect(done.run.output).toBe('Notified.');
    expect(hits).toEqual(['POST /hook']); // recalled from the call journal, not posted again
    expect(mock.count('call')).toBe(1);
    const results = done.events.filter((e) => e.type === 'tool.result');
    expect(results.at(-1)?.data).toMatchObject({ tool: 'hook', output: 'accepted #1', replayed: true });
    expect(second.child.exitCode).toBeNull();
  }, 90_000);

  it('cancels a queued run (its job removed) and a running one (the worker holding it aborts it)', async () => {
    mock.script([{ name: 'noop', match: { turn: 1 }, reply: { content: 'never' } }]);
    const graphId = await h.createGraph({ ...postThenThink('to-cancel'), tools: {}, nodes: { a: { role: 'agent', strategy: 'tool_calling' } } });
    const queued = await h.startRun(graphId, { input: 'wait' });
    expect((await h.run(queued)).run.status).toBe('queued');
    const c1 = await h.call('POST', `/api/runs/${queued}/cancel`);
    expect(c1.status).toBe(200);
    expect((await h.waitForStatus(queued, ['cancelled'])).events.at(-1)).toMatchObject({ type: 'run.cancelled', data: { reason: 'cancelled while queued' } });

    const hang = hangingRule('hang', 1);
    mock.script([hang.rule]);
    await worker();
    const running = await h.startRun(graphId, { input: 'hang' });
    await hang.arrived;
    expect((await h.run(running)).run.status).toBe('running');
    const c2 = await h.call('POST', `/api/runs/${running}/cancel`);
    expect(c2.status).toBe(200);
    const done = await h.waitForStatus(running, ['cancelled', 'failed', 'succeeded']);
    expect(done.run.status).toBe('cancelled');
    expect(mock.count('noop')).toBe(0); // the queued run's job never reached a worker
  }, 60_000);

  it('a human pause resumes through the queue, on whichever worker takes the job', async () => {
    mock.script([
      { name: 'writer', match: { systemContains: 'one-line draft' }, reply: { content: 'Draft.' } },
      { name: 'publish', match: { systemContains: 'Announce' }, reply: { content: 'Announced.' } },
    ]);
    await worker();
    await worker();
    const graphId = await h.createGraph(humanGraph('queued-approval'));
    const runId = await h.startRun(graphId, { input: 'notes' });
    expect((await h.waitForStatus(runId, ['paused', 'failed'])).run.status).toBe('paused');
    const res = await h.call('POST', `/api/runs/${runId}/resume`, { value: { action: 'approve' } });
    expect(res.status).toBe(202);
    const done = await h.waitForStatus(runId, ['succeeded', 'failed']);
    expect(done.run.status).toBe('succeeded');
    expect(done.run.output).toBe('Announced.');
    expect(mock.count('writer')).toBe(1);
  }, 60_000);
});
