/**
 * Serve the run API from recorded events inside the browser (Playwright routes), for the debug
 * panel specs that test rendering only (text-not-HTML, filters, folding) and for
 * bench/debug-stream.ts. The real-API specs (debug-*.spec.ts against next start) do not use this.
 */
import type { Page, Route } from '@playwright/test';
import type { RunStatus, TraceEvent } from '../lib/contracts/trace';
import type { ConnectionView } from '../lib/contracts/connections';
import type { GraphRecord } from '../lib/contracts/graphs';
import type { RunView } from '../lib/contracts/runs';

export interface MockRun {
  /** The fields a spec cares about; the rest of the RunView is filled in. */
  run: { id: string; graph_id: string; status: RunStatus; input: string; created_at?: string; finished_at?: string };
  events: TraceEvent[];
}

/** A whole RunView (lib/contracts/runs.ts), as the real API answers. */
function runView(r: MockRun['run']): RunView {
  const created = r.created_at ?? '2026-01-01T00:00:00.000Z';
  const finished = r.finished_at ?? null;
  return {
    id: r.id,
    graph_id: r.graph_id,
    graph_name: 'demo',
    status: r.status,
    source: 'ui',
    input: r.input,
    inputs: null,
    breakpoints: null,
    output: null,
    error: null,
    usage: null,
    created_at: created,
    started_at: created,
    finished_at: finished,
    duration_ms: finished ? Date.parse(finished) - Date.parse(created) : null,
  };
}

function connectionView(name: string, base_url: string): ConnectionView {
  return { name, base_url, api_key_hint: null, header_names: [], source: name === 'default' ? 'env' : 'db', read_only: name === 'default', created_at: null };
}

export interface MockApi {
  graph: { id: string; name: string; nodes: Record<string, { role: string }> };
  runs: MockRun[];
  connections?: Array<{ name: string; base_url: string }>;
  /** The SSE stream of a run: by default all its events, then the stream ends. */
  sse?: (runId: string) => TraceEvent[];
  /** The run id POST /api/graphs/:id/runs answers with (default: the first run's). */
  startRunId?: string;
}

export interface MockCalls {
  /** Every POST the page made: path and parsed JSON body. */
  posts: Array<{ path: string; body: unknown }>;
}

export function sseBody(events: readonly TraceEvent[]): string {
  return events.map((e) => `id: ${e.seq}\nevent: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`).join('');
}

const json = (route: Route, body: unknown, status = 200) => route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });

export async function mockRunApi(page: Page, api: MockApi): Promise<MockCalls> {
  const byId = new Map(api.runs.map((r) => [r.run.id, r]));
  const calls: MockCalls = { posts: [] };
  await page.route('**/api/**', async (route) => {
    const url = new URL(route.request().url());
    const p = url.pathname;
    let m: RegExpMatchArray | null;
    if (route.request().method() === 'POST') {
      const raw = route.request().postData();
      calls.posts.push({ path: p, body: raw ? JSON.parse(raw) : undefined });
      if (/^\/api\/graphs\/[^/]+\/runs$/.test(p)) return json(route, { run_id: api.startRunId ?? api.runs[0]?.run.id }, 201);
      const control = p.match(/^\/api\/runs\/([^/]+)\/(cancel|resume)$/);
      const r = control && byId.get(decodeURIComponent(control[1]));
      if (r) return json(route, { run: runView({ ...r.run, status: control![2] === 'cancel' ? 'cancelled' : 'running' }) }, control![2] === 'resume' ? 202 : 200);
      return json(route, { error: { code: 'not_mocked', message: `POST ${p} is not mocked` } }, 404);
    }
    if (p === '/api/connections') {
      const list = api.connections ?? [{ name: 'default', base_url: 'http://127.0.0.1:3901/v1' }];
      return json(route, { connections: list.map((c) => connectionView(c.name, c.base_url)) });
    }
    if ((m = p.match(/^\/api\/graphs\/([^/]+)\/runs$/))) return json(route, { runs: api.runs.map((r) => runView(r.run)) });
    if ((m = p.match(/^\/api\/graphs\/([^/]+)$/))) {
      const record: GraphRecord = {
        id: api.graph.id,
        name: api.graph.name,
        description: null,
        document: { switchyard: 1, name: api.graph.name, nodes: api.graph.nodes, edges: [], models: { default: { connection: 'default', model: 'gpt-4o-mini' } } } as unknown as GraphRecord['document'],
        version: 1,
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
      };
      return json(route, record);
    }
    if ((m = p.match(/^\/api\/runs\/([^/]+)\/events$/))) {
      const r = byId.get(decodeURIComponent(m[1]));
      if (!r) return json(route, { error: { code: 'not_found', message: 'no such run' } }, 404);
      const events = api.sse ? api.sse(r.run.id) : r.events;
      return route.fulfill({ status: 200, headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' }, body: sseBody(events) });
    }
    if ((m = p.match(/^\/api\/runs\/([^/]+)$/))) {
      const r = byId.get(decodeURIComponent(m[1]));
      return r ? json(route, { run: runView(r.run), events: r.events }) : json(route, { error: { code: 'not_found', message: 'no such run' } }, 404);
    }
    return json(route, { error: { code: 'not_mocked', message: `${p} is not mocked` } }, 404);
  });
  return calls;
}
