/**
 * Serve the run API from recorded events inside the browser (Playwright routes), for the debug
 * panel specs that test rendering only (text-not-HTML, filters, folding) and for
 * bench/debug-stream.ts. The real-API specs (debug-*.spec.ts against next start) do not use this.
 */
import type { Page, Route } from '@playwright/test';
import type { TraceEvent } from '../lib/contracts/trace';

export interface MockRun {
  run: { id: string; graph_id: string; status: string; input: string; created_at?: string; finished_at?: string; usage?: Record<string, number> };
  events: TraceEvent[];
}

export interface MockApi {
  graph: { id: string; name: string; nodes: Record<string, { role: string }> };
  runs: MockRun[];
  connections?: Array<{ name: string; base_url: string; source?: string }>;
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
      return json(route, { ok: true });
    }
    if (p === '/api/connections') return json(route, { connections: api.connections ?? [{ name: 'default', base_url: 'http://127.0.0.1:3901/v1', source: 'env' }] });
    if ((m = p.match(/^\/api\/graphs\/([^/]+)\/runs$/))) return json(route, { runs: api.runs.map((r) => r.run) });
    if ((m = p.match(/^\/api\/graphs\/([^/]+)$/))) return json(route, { id: api.graph.id, name: api.graph.name, document: { name: api.graph.name, nodes: api.graph.nodes, models: { default: { connection: 'default', model: 'gpt-4o-mini' } } } });
    if ((m = p.match(/^\/api\/runs\/([^/]+)\/events$/))) {
      const r = byId.get(decodeURIComponent(m[1]));
      if (!r) return json(route, { error: { code: 'not_found', message: 'no such run' } }, 404);
      const events = api.sse ? api.sse(r.run.id) : r.events;
      return route.fulfill({ status: 200, headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' }, body: sseBody(events) });
    }
    if ((m = p.match(/^\/api\/runs\/([^/]+)$/))) {
      const r = byId.get(decodeURIComponent(m[1]));
      return r ? json(route, r) : json(route, { error: { code: 'not_found', message: 'no such run' } }, 404);
    }
    return json(route, { error: { code: 'not_mocked', message: `${p} is not mocked` } }, 404);
  });
  return calls;
}
