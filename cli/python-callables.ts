/**
 * OPEA's `callable_api: tools.py:func` form (issue 26): an `http` tool whose url is
 * `<file>.py:<function>` names a Python function in a file next to the graph. From the CLI the file
 * is read from the graph's directory (its name only: no path, so nothing outside that directory) and
 * the tool becomes a `code` tool (Python, run in the sandbox: lib/tools/code/) calling that function
 * with the model's arguments; its `args_schema` (JSON Schema or OPEA's shorthand) becomes `parameters`.
 * A server has no graph directory: there such a tool is still refused when it runs.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { argsJsonSchema } from '@/lib/graph/args-schema';
import type { GraphDocument, ToolSpec } from '@/lib/graph/schema';

const PY_CALLABLE = /^([A-Za-z0-9_][A-Za-z0-9_.-]*\.py):([A-Za-z_][A-Za-z0-9_]*)$/;

/** The graph with its `tools.py:func` tools turned into Python code tools, or the problems (file missing). */
export function resolvePythonCallables(doc: GraphDocument, dir: string): { doc: GraphDocument; problems: string[] } {
  const problems: string[] = [];
  const tools: Record<string, ToolSpec> = {};
  let changed = false;
  for (const [id, tool] of Object.entries(doc.tools ?? {})) {
    const m = tool.type === 'http' ? PY_CALLABLE.exec(tool.url) : null;
    if (!m || tool.type !== 'http') {
      tools[id] = tool;
      continue;
    }
    const [, file, fn] = m;
    const full = path.join(dir, file);
    if (!existsSync(full)) {
      problems.push(`tools.${id}.url: ${file} is not in the graph's directory (${dir})`);
      tools[id] = tool;
      continue;
    }
    changed = true;
    tools[id] = {
      type: 'code',
      language: 'python',
      code: readFileSync(full, 'utf8'),
      function: fn,
      ...(tool.description !== undefined ? { description: tool.description } : {}),
      ...(tool.args_schema ? { parameters: argsJsonSchema(tool.args_schema) } : {}),
      ...(tool.timeout_s !== undefined ? { timeout_s: Math.min(60, tool.timeout_s) } : {}),
    };
  }
  return { doc: changed ? { ...doc, tools } : doc, problems };
}
