/**
 * `switchyard run FILE [--input TEXT] [--inputs JSON] [--base-url URL] [--api-key KEY]
 * [--connection NAME=URL]…`: runs a graph file in this process with the real OpenAI client and
 * prints its trace as it goes. Every connection of the graph is the environment's default
 * (OPENAI_API_KEY / OPENAI_BASE_URL, or --base-url / --api-key) unless `--connection NAME=URL`
 * names it. Exit 0 succeeded, 1 failed, 3 paused (a human step; the CLI cannot answer it).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runGraph } from '@/lib/engine';
import { createModelPort, envDefaultConnection, PLACEHOLDER_API_KEY, type Connection } from '@/lib/llm';
import { parseGraphYaml } from '@/lib/graph/yaml';
import { resolvePythonCallables } from './python-callables';
import type { GraphDocument } from '@/lib/graph/schema';
import { closeSandboxPools, createToolPort } from '@/lib/tools';
import type { Output } from './output';
import { traceLine } from './trace-text';
import { formatProblem } from './validate';

export interface RunArgs {
  input?: string;
  inputs?: string;
  baseUrl?: string;
  apiKey?: string;
  connections?: string[];
}

function loadGraph(file: string, out: Output): GraphDocument | null {
  const parsed = parseGraphYaml(readFileSync(file, 'utf8'));
  if (!parsed.ok) {
    for (const p of parsed.errors) out.err(formatProblem(file, p));
    return null;
  }
  // OPEA `tools.py:func` tools run the file next to the graph in the Python sandbox.
  const { doc, problems } = resolvePythonCallables(parsed.doc, path.dirname(file));
  for (const p of problems) out.err(`${file}: ${p}`);
  return problems.length ? null : doc;
}

/**
 * The person running the CLI is its operator: the URLs given on the command line are allowed even
 * when private (model connections obey SWITCHYARD_ALLOWED_HOSTS, lib/tools/model-fetch.ts, which
 * also allows OPENAI_BASE_URL's host).
 */
function allowCommandLineUrls(urls: string[], env: Record<string, string | undefined>): void {
  const entries = urls.flatMap((u) => {
    try {
      const url = new URL(u);
      return [url.port ? url.host : `${url.host}:${url.protocol === 'https:' ? 443 : 80}`];
    } catch {
      return [];
    }
  });
  if (entries.length) env.SWITCHYARD_ALLOWED_HOSTS = [env.SWITCHYARD_ALLOWED_HOSTS, ...entries].filter(Boolean).join(',');
}

/** The connections the run may use: `default` from the flags or the environment, plus NAME=URL ones. */
export function cliConnections(args: RunArgs, env = process.env): { resolve(name: string): Connection | null } {
  const key = args.apiKey ?? env.OPENAI_API_KEY?.trim() ?? '';
  const base = args.baseUrl ? { name: 'default', base_url: args.baseUrl, api_key: key || PLACEHOLDER_API_KEY } : envDefaultConnection(env);
  const named = new Map<string, Connection>();
  for (const spec of args.connections ?? []) {
    const eq = spec.indexOf('=');
    if (eq <= 0) throw new Error(`--connection takes NAME=URL (got "${spec}")`);
    const name = spec.slice(0, eq);
    named.set(name, { name, base_url: spec.slice(eq + 1), api_key: key || PLACEHOLDER_API_KEY });
  }
  allowCommandLineUrls([...(args.baseUrl ? [args.baseUrl] : []), ...[...named.values()].map((c) => c.base_url)], env);
  return { resolve: (name) => named.get(name) ?? (base ? { ...base, name } : null) };
}

export async function runCommand(file: string | undefined, args: RunArgs, out: Output): Promise<number> {
  if (!file) {
    out.err('switchyard run: name a graph file (switchyard run examples/mrkl-agent.yaml --input "…")');
    return 2;
  }
  const doc = loadGraph(file, out);
  if (!doc) return 1;
  let inputs: Record<string, unknown> | undefined;
  if (args.inputs) {
    try {
      inputs = JSON.parse(args.inputs) as Record<string, unknown>;
    } catch (err) {
      out.err(`--inputs is not JSON: ${(err as Error).message}`);
      return 2;
    }
  }
  const connections = cliConnections(args);
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.once('SIGINT', onSigint);
  const dir = path.dirname(file);
  try {
    const outcome = await runGraph({
      runId: randomUUID(),
      doc,
      input: args.input ?? '',
      ...(inputs ? { inputs } : {}),
      ports: {
        model: createModelPort({ resolveConnection: async (name) => connections.resolve(name) }),
        tools: createToolPort(),
        graphs: {
          async load(name) {
            const sub = loadGraph(path.join(dir, `${name}.yaml`), out);
            if (!sub) throw new Error(`subgraph "${name}": ${path.join(dir, `${name}.yaml`)} is not a valid graph`);
            return sub;
          },
        },
        clock: { now: () => Date.now() },
        emit: (e) => {
          const line = traceLine(e);
          if (line !== null) out.log(line);
        },
        checkpoint: () => {},
        signal: controller.signal,
        newId: () => randomUUID(),
      },
    });
    return outcome.status === 'succeeded' ? 0 : outcome.status === 'paused' ? 3 : 1;
  } finally {
    process.off('SIGINT', onSigint);
    await closeSandboxPools(); // the code tool's workers, if a call started one
  }
}
