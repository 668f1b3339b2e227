/**
 * The graphs and runs API as the e2e specs use it to set a scene: find a seeded example by name,
 * save or import a graph, start a run. Every call checks its status, so a failing step names itself.
 */
import { expect, type APIRequestContext } from '@playwright/test';

type GraphList = { graphs: Array<{ id: string; name: string }> };

export class GraphsApi {
  constructor(readonly request: APIRequestContext) {}

  async list(): Promise<GraphList['graphs']> {
    const res = await this.request.get('/api/graphs');
    expect(res.ok()).toBe(true);
    return ((await res.json()) as GraphList).graphs;
  }

  /** The id of a graph that must exist (e.g. a seeded example). */
  async graphId(name: string): Promise<string> {
    const g = (await this.list()).find((x) => x.name === name);
    expect(g, `example graph ${name} is seeded`).toBeTruthy();
    return g!.id;
  }

  /** The saved document of a graph. */
  async document(id: string): Promise<Record<string, any>> {
    return ((await (await this.request.get(`/api/graphs/${id}`)).json()) as { document: Record<string, any> }).document;
  }

  async create(document: unknown): Promise<string> {
    const res = await this.request.post('/api/graphs', { data: { document } });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  }

  /** Imports YAML through the API; resolves to the new graph's id. */
  async importYaml(yaml: string): Promise<string> {
    const res = await this.request.post('/api/graphs/import', { data: yaml, headers: { 'content-type': 'application/yaml' } });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  }

  async startRun(graphId: string, body: Record<string, unknown>): Promise<string> {
    const res = await this.request.post(`/api/graphs/${graphId}/runs`, { data: body });
    expect(res.status(), await res.text()).toBe(201);
    return ((await res.json()) as { run_id: string }).run_id;
  }
}
