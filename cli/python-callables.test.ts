/**
 * OPEA's `callable_api: tools.py:func` from the CLI: the file next to the graph runs in the Python
 * sandbox (a real `switchyard run` process against the mock model), and a missing file is refused
 * before the run with the tool's path.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolResults } from '@/lib/llm/testing/conversation';
import { startMockOpenAI, type MockOpenAI } from '@/lib/llm/testing/mock-openai-server';
import type { GraphDocument } from '@/lib/graph/schema';
import { resolvePythonCallables } from './python-callables';

const BIN = path.resolve('bin/switchyard.mjs');
let dir: string;
let mock: MockOpenAI;

function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const env = { ...process.env, OPENAI_API_KEY: '', OPENAI_BASE_URL: '' };
    execFile(process.execPath, [BIN, ...args], { env, cwd: process.cwd(), timeout: 120_000 }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : 1) : 0, stdout, stderr });
    });
  });
}

const GRAPH = `switchyard: 1
name: opea-tools
models:
  default: { connection: default, model: gpt-4o-mini }
tools:
  kb:
    type: http
    description: Counts the words of a query.
    url: tools.py:count_words
    args_schema:
      query: { type: str, description: The text. }
nodes:
  a: { role: agent, tools: [ kb ] }
edges:
  - { from: START, to: a }
  - { from: a, to: END }
`;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'switchyard-opea-'));
  mock = await startMockOpenAI({
    rules: [
      { name: 'call', match: { turn: 1 }, reply: { tool_calls: [{ name: 'kb', arguments: { query: 'three little words' } }] } },
      { name: 'answer', match: { hasToolResultFor: 'kb' }, reply: (req) => ({ content: `kb said ${toolResults(req)[0].content}` }) },
    ],
  });
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await mock.close();
});

describe('callable_api tools.py:func', () => {
  it('becomes a Python code tool calling the function with the arguments', () => {
    writeFileSync(path.join(dir, 'tools.py'), 'def count_words(query):\n    return {"words": len(query.split())}\n');
    const doc = { switchyard: 1, name: 'x', tools: { kb: { type: 'http', url: 'tools.py:count_words', args_schema: { query: { type: 'str' } } } }, nodes: {}, edges: [] } as unknown as GraphDocument;
    const { doc: out, problems } = resolvePythonCallables(doc, dir);
    expect(problems).toEqual([]);
    expect(out.tools?.kb).toMatchObject({ type: 'code', language: 'python', function: 'count_words', parameters: { type: 'object', properties: { query: { type: 'string' } } } });
    const missing = resolvePythonCallables({ ...doc, tools: { kb: { type: 'http', url: 'other.py:f' } } } as unknown as GraphDocument, dir);
    expect(missing.problems).toEqual([`tools.kb.url: other.py is not in the graph's directory (${dir})`]);
    // A path is not a file name: left as an http tool (refused when it runs, as before).
    expect(resolvePythonCallables({ ...doc, tools: { kb: { type: 'http', url: '../tools.py:f' } } } as unknown as GraphDocument, dir).doc.tools?.kb.type).toBe('http');
  });

  it('switchyard run: the model calls it and gets the function’s JSON result', async () => {
    writeFileSync(path.join(dir, 'tools.py'), 'def count_words(query):\n    return {"words": len(query.split())}\n');
    const file = path.join(dir, 'opea.yaml');
    writeFileSync(file, GRAPH);
    const r = await cli(['run', file, '--input', 'count', '--base-url', mock.url]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('■ answer: kb said {"result":{"words":3}}');
  }, 120_000);
});
