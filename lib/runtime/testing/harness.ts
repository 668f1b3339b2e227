/**
 * Integration-test harness for the run API: a temporary SQLite file, the real route handlers served
 * over HTTP (lib/testing/api-server.ts), and helpers to create graphs, start runs, wait for a status
 * and read the SSE trace. `restart()` simulates a server restart on the same database file: the
 * HTTP server is closed and every process-wide cache (run manager, event bus, db connection,
 * recovery flag) is dropped before a new server starts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { closeDb } from '@/db/client';
import type { TraceEvent } from '@/lib/contracts/trace';
import type { GraphDocument } from '@/lib/graph/schema';
import type { RunDetailResponse, RunView } from '@/lib/contracts/runs';
import { startApiServer, type ApiServer } from '@/lib/testing/api-server';
import { setEnv } from '@/lib/testing/env';
import { readResponse } from '@/lib/testing/read-response';
import { resetRuntimeState, runtimeState } from '../globals';
import { readSse, type SseReader } from './sse-client';

export interface Harness {
  api: ApiServer;
  dbFile: string;
  /** JSON request; returns status and parsed body. */
  call<T = any>(method: string, pathname: string, body?: unknown, headers?: Record<string, string>): Promise<{ status: number; body: T; headers: Headers }>;
  createGraph(doc: GraphDocument): Promise<string>;
  startRun(graphId: string, body: { input: string; inputs?: Record<string, unknown>; breakpoints?: string[]; conversation_id?: string }): Promise<string>;
  run(runId: string): Promise<RunDetailResponse>;
  /** One turn of a conversation (`conversation_id`): starts the run, waits, throws unless it succeeded. */
  say(graphId: string, conversation: string, input: string): Promise<RunDetailResponse>;
  /** Polls GET /api/runs/:id until the status is one of `statuses` (fails after `timeoutMs`). */
  waitForStatus(runId: string, statuses: RunView['status'][], timeoutMs?: number): Promise<RunDetailResponse>;
  /** Opens GET /api/runs/:id/events. */
  events(runId: string, opts?: { lastEventId?: number; after?: number; signal?: AbortSignal }): Promise<{ res: Response; sse: SseReader }>;
  /** Reads SSE trace events until the stream ends (or `stop` says so). */
  collect(sse: SseReader, stop?: (e: TraceEvent) => boolean): Promise<TraceEvent[]>;
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function startHarness(env: Record<string, string | undefined> = {}): Promise<Harness> {
  const dir = mkdtempSync(path.join(tmpdir(), 'switchyard-runs-'));
  const dbFile = path.join(dir, 'test.db');
  const restoreEnv = setEnv({ SWITCHYARD_DB: dbFile, ...env });
  let api = await startApiServer();

  const call: Harness['call'] = async (method, pathname, body, headers = {}) => {
    const res = await api.fetch(pathname, {
      method,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return readResponse(res);
  };

  const h: Harness = {
    get api() {
      return api;
    },
    dbFile,
    call,
    async createGraph(doc) {
      const r = await call('POST', '/api/graphs', { document: doc });
      if (r.status !== 201) throw new Error(`creating graph ${doc.name} failed: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body.id as string;
    },
    async startRun(graphId, body) {
      const r = await call('POST', `/api/graphs/${graphId}/runs`, body);
      if (r.status !== 201) throw new Error(`starting a run failed: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body.run_id as string;
    },
    async say(graphId, conversation, input) {
      const done = await h.waitForStatus(await h.startRun(graphId, { input, conversation_id: conversation }), ['succeeded', 'failed']);
      if (done.run.status !== 'succeeded') throw new Error(`the turn "${input}" of conversation ${conversation} failed: ${JSON.stringify(done.run.error ?? null)}`);
      return done;
    },
    async run(runId) {
      const r = await call('GET', `/api/runs/${runId}`);
      if (r.status !== 200) throw new Error(`GET run ${runId}: ${r.status} ${JSON.stringify(r.body)}`);
      return r.body as RunDetailResponse;
    },
    async waitForStatus(runId, statuses, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const d = await h.run(runId);
        if (statuses.includes(d.run.status)) return d;
        if (Date.now() > deadline) {
          const tail = d.events.slice(-5).map((e) => `${e.seq} ${e.type} ${JSON.stringify(e.data).slice(0, 300)}`);
          throw new Error(`run ${runId} is ${d.run.status}, expected ${statuses.join('|')}; last events:\n${tail.join('\n')}`);
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async events(runId, opts = {}) {
      const headers: Record<string, string> = { accept: 'text/event-stream' };
      if (opts.lastEventId !== undefined) headers['last-event-id'] = String(opts.lastEventId);
      const q = opts.after !== undefined ? `?after=${opts.after}` : '';
      const res = await api.fetch(`/api/runs/${runId}/events${q}`, { headers, signal: opts.signal });
      if (!res.body) throw new Error('no SSE body');
      return { res, sse: readSse(res.body) };
    },
    async collect(sse, stop) {
      const out: TraceEvent[] = [];
      for (;;) {
        const f = await sse.next();
        if (!f) return out;
        const e = JSON.parse(f.data) as TraceEvent;
        if (String(e.seq) !== f.id || e.type !== f.event) throw new Error(`SSE frame id/event disagree with its data: ${JSON.stringify(f)}`);
        out.push(e);
        if (stop?.(e)) {
          await sse.cancel();
          return out;
        }
      }
    },
    async restart() {
      await api.close();
      // Let in-flight runs of the "old process" stop writing before the new one starts.
      const active = [...runtimeState().active.values()];
      resetRuntimeState();
      await Promise.all(active.map((a) => a.done));
      closeDb();
      delete (globalThis as Record<symbol, unknown>)[Symbol.for('switchyard.startup')];
      api = await startApiServer();
    },
    async close() {
      await api.close();
      const active = [...runtimeState().active.values()];
      resetRuntimeState();
      await Promise.all(active.map((a) => a.done));
      closeDb();
      restoreEnv();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return h;
}
