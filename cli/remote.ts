/**
 * GitOps against a Switchyard server: `push FILE… --server URL [--key KEY]` imports each graph
 * file (POST /api/graphs/import?overwrite=true: a new version when the name exists) and
 * `pull NAME --server URL [--key KEY] [--out FILE]` writes a saved graph's YAML (its export).
 * The key goes as `Authorization: Bearer KEY` (env SWITCHYARD_API_KEY when --key is not given).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import type { Output } from './output';

export interface RemoteArgs {
  server?: string;
  key?: string;
  out?: string;
}

export function endpoint(args: RemoteArgs, pathname: string): URL {
  if (!args.server) throw new Error('--server URL is required (e.g. --server http://localhost:3000)');
  return new URL(pathname, args.server.endsWith('/') ? args.server : `${args.server}/`);
}

export function headers(args: RemoteArgs, more: Record<string, string> = {}): Record<string, string> {
  const key = args.key ?? process.env.SWITCHYARD_API_KEY;
  return { ...more, ...(key ? { authorization: `Bearer ${key}` } : {}) };
}

export async function failure(res: Response): Promise<string> {
  const text = await res.text();
  try {
    type P = { line?: number; col?: number; message: string; path?: string };
    const body = JSON.parse(text) as { error?: { message?: string; details?: { errors?: P[] } }; errors?: P[] };
    const problems = (body.error?.details?.errors ?? body.errors ?? []).map((p) => `  ${p.line ? `${p.line}:${p.col ?? 1}: ` : ''}${p.path ? `${p.path}: ` : ''}${p.message}`);
    return [`HTTP ${res.status}: ${body.error?.message ?? text}`, ...problems].join('\n');
  } catch {
    return `HTTP ${res.status}: ${text.slice(0, 500)}`;
  }
}

export async function pushCommand(files: readonly string[], args: RemoteArgs, out: Output): Promise<number> {
  if (!files.length) {
    out.err('switchyard push: name the graph files to push');
    return 2;
  }
  let failed = 0;
  for (const file of files) {
    const res = await fetch(endpoint(args, 'api/graphs/import?overwrite=true'), {
      method: 'POST',
      headers: headers(args, { 'content-type': 'application/yaml' }),
      body: readFileSync(file, 'utf8'),
    });
    if (!res.ok) {
      failed++;
      out.err(`${file}: ${await failure(res)}`);
      continue;
    }
    const body = (await res.json()) as { id: string; name: string; version: number; created: boolean };
    out.log(`${file}: ${body.created ? 'created' : 'updated'} ${body.name} (version ${body.version}, id ${body.id})`);
  }
  return failed ? 1 : 0;
}

export async function pullCommand(name: string | undefined, args: RemoteArgs, out: Output): Promise<number> {
  if (!name) {
    out.err('switchyard pull: name the graph to pull');
    return 2;
  }
  const list = await fetch(endpoint(args, 'api/graphs'), { headers: headers(args) });
  if (!list.ok) {
    out.err(await failure(list));
    return 1;
  }
  const body = (await list.json()) as { graphs?: { id: string; name: string }[] } | { id: string; name: string }[];
  const graphs = Array.isArray(body) ? body : (body.graphs ?? []);
  const graph = graphs.find((g) => g.name === name);
  if (!graph) {
    out.err(`no graph named "${name}" on ${args.server}`);
    return 1;
  }
  const res = await fetch(endpoint(args, `api/graphs/${encodeURIComponent(graph.id)}/export`), { headers: headers(args) });
  if (!res.ok) {
    out.err(await failure(res));
    return 1;
  }
  const yaml = await res.text();
  if (args.out) {
    writeFileSync(args.out, yaml);
    out.log(`${name} written to ${args.out}`);
  } else process.stdout.write(yaml);
  return 0;
}
