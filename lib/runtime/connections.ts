/**
 * Model connections as the runtime and the API see them: `default` from the environment
 * (read-only), the others from the connections table. Keys never leave this module unmasked
 * except to the model port.
 */
import 'server-only';
import { envDefaultConnection, type Connection } from '@/lib/llm';
import { DEMO_CONNECTION } from '@/lib/contracts/runs';
import { maskKey, supportsView, type ConnectionView, type CreateConnectionBody } from '@/lib/contracts/connections';
import { FREE, priceOf, type ModelPrice } from '@/lib/graph/prices';
import { conflict, notFound, AppError } from '@/lib/errors';
import type { PricePort } from '@/lib/engine/ports';
import { getStore, type ConnectionPatch, type ConnectionRow } from '@/db/store';
import { connectionSecrets, registerSecrets } from '@/lib/tools/redact';

function fromRow(row: ConnectionRow): Connection {
  const c: Connection = { name: row.name, base_url: row.baseUrl, api_key: row.apiKey ?? '' };
  // Whatever uses it (a model call, a scorer's embeddings, the Test), its secrets are masked wherever they come back.
  registerSecrets(connectionSecrets({ api_key: row.apiKey, headers: row.headers }));
  if (row.headers && Object.keys(row.headers).length) c.headers = row.headers;
  if (row.supports) c.supports = row.supports;
  return c;
}

/** A model server on this machine or a private network (Ollama, llama.cpp, vLLM): its calls cost nothing. */
export function isLocalBaseUrl(baseUrl: string): boolean {
  let host: string;
  try {
    host = new URL(baseUrl).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  } catch {
    return false;
  }
  return (
    host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host === '::1' ||
    /^127\./.test(host) || /^10\./.test(host) || /^192\.168\./.test(host) || /^172\.(1[6-9]|2\d|3[01])\./.test(host)
  );
}

/**
 * The price of `model` on connection `name` (cost) given the saved connection of that name: its own
 * prices (Settings), else free for a local server, else the shipped defaults (lib/graph/prices.ts).
 */
function priceOn(name: string, model: string, saved: ConnectionRow | undefined): ModelPrice | null {
  if (name === DEMO_CONNECTION) return FREE; // the built-in demo model (lib/llm/demo)
  const env = name === 'default' ? envDefaultConnection() : null;
  const row = env ? undefined : saved;
  if (row?.prices) return priceOf(model, row.prices);
  const base = env?.base_url ?? row?.baseUrl;
  if (base && isLocalBaseUrl(base)) return FREE;
  return priceOf(model);
}

/**
 * The engine's PricePort for one run (or one test file run): the saved connections are read once,
 * through the async store, before the engine starts; the engine's synchronous lookups answer from
 * what was read (a connection edited during the run prices its next run).
 */
export async function loadPrices(): Promise<PricePort> {
  const saved = new Map((await getStore().connections.list()).map((row) => [row.name, row]));
  return { price: (name, model) => priceOn(name, model, saved.get(name)) };
}

/** A saved connection or MCP server is visible in a workspace when it is instance-wide or that workspace's own. */
export function visibleIn(row: { workspaceId: string | null }, workspaceId: string | undefined): boolean {
  return row.workspaceId === null || workspaceId === undefined || row.workspaceId === workspaceId;
}

/** The connection a graph's `connection: <name>` points at (in `workspaceId`: instance-wide or its own), or null. */
export async function resolveConnection(name: string, workspaceId?: string): Promise<Connection | null> {
  if (name === 'default') {
    const env = envDefaultConnection();
    if (env) return env;
  }
  const row = await getStore().connections.get(name);
  return row && visibleIn(row, workspaceId) ? fromRow(row) : null;
}

function viewOf(row: ConnectionRow): ConnectionView {
  return {
    name: row.name,
    workspace: row.workspaceId,
    base_url: row.baseUrl,
    api_key_hint: maskKey(row.apiKey),
    header_names: Object.keys(row.headers ?? {}),
    supports: supportsView(row.supports),
    prices: row.prices ?? null,
    source: 'db',
    read_only: false,
    created_at: row.createdAt.toISOString(),
  };
}

/** The connections usable in `workspaceId` (instance-wide and its own; undefined: all). */
export async function listConnectionViews(workspaceId?: string): Promise<ConnectionView[]> {
  const out: ConnectionView[] = [];
  const env = envDefaultConnection();
  if (env) {
    out.push({
      name: 'default',
      base_url: env.base_url,
      api_key_hint: process.env.OPENAI_API_KEY?.trim() ? maskKey(env.api_key) : null,
      header_names: [],
      supports: supportsView(undefined),
      source: 'env',
      read_only: true,
      created_at: null,
    });
  }
  for (const row of await getStore().connections.list()) if (!(env && row.name === 'default') && visibleIn(row, workspaceId)) out.push(viewOf(row));
  return out;
}

const ENV_OWNS_DEFAULT = 'The `default` connection comes from OPENAI_API_KEY / OPENAI_BASE_URL; change the environment to change it.';

function refuseEnvDefault(name: string): void {
  if (name === 'default' && envDefaultConnection()) throw new AppError('read_only', ENV_OWNS_DEFAULT);
}

export async function createConnection(body: CreateConnectionBody): Promise<ConnectionView> {
  refuseEnvDefault(body.name);
  const row = await getStore().connections.insert({ name: body.name, workspaceId: body.workspace ?? null, baseUrl: body.base_url, apiKey: body.api_key || null, headers: body.headers ?? null, supports: body.supports ?? null, prices: body.prices ?? null });
  if (!row) throw conflict(`A connection named "${body.name}" already exists; delete it first to replace it.`);
  return viewOf(row);
}

/** Applies a patch to a saved connection; its view. */
export async function editConnection(name: string, patch: ConnectionPatch): Promise<ConnectionView> {
  refuseEnvDefault(name);
  const row = await getStore().connections.update(name, patch);
  if (!row) throw notFound(`Connection "${name}"`);
  return viewOf(row);
}

export async function removeConnection(name: string): Promise<void> {
  refuseEnvDefault(name);
  if (!(await getStore().connections.delete(name))) throw notFound(`Connection "${name}"`);
}
