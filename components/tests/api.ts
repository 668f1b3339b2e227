/** Browser client of the graph tests routes, checked by lib/contracts/graph-tests.ts. */
import { jsonBody, request } from '@/lib/contracts/client';
import type { GraphTestRunResponse, GraphTestsView } from '@/lib/contracts/graph-tests';

const tests = (id: string) => `/api/graphs/${encodeURIComponent(id)}/tests`;

export const fetchGraphTests = (id: string, signal?: AbortSignal) => request<GraphTestsView>(tests(id), { signal });
export const saveGraphTests = (id: string, yaml: string) => request<GraphTestsView>(tests(id), jsonBody('PUT', { yaml }));
/** Runs the YAML in the editor (saved or not). */
export const runGraphTests = (id: string, yaml: string) => request<GraphTestRunResponse>(`${tests(id)}/run`, jsonBody('POST', { yaml }));
