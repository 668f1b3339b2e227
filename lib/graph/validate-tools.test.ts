import { describe, expect, it } from 'vitest';
import type { ValidationContext } from './validate-tools';
import { parseGraphYaml } from './yaml';

/** A graph whose agent uses the tools in `toolsYaml` (indented under `tools:`). Tools start at line 4. */
function graphYaml(toolsYaml: string, toolIds: string[]): string {
  return `switchyard: 1
name: tools-check
models: { default: { connection: default, model: m } }
tools:
${toolsYaml}
nodes:
  a: { role: agent, tools: [${toolIds.join(', ')}] }
edges:
  - { from: START, to: a }
  - { from: a, to: END }
`;
}

/** The operator has the connection `rerankers` and the MCP server `calc`. */
const context: ValidationContext = { hasConnection: (n) => n === 'rerankers', hasMcpServer: (n) => n === 'calc' };

function problemsOf(yaml: string, ctx?: ValidationContext) {
  const parsed = parseGraphYaml(yaml, { context: ctx });
  return parsed.ok ? { errors: [], warnings: parsed.warnings } : { errors: parsed.errors, warnings: [] };
}

const where = (ps: { code: string; path: string; line?: number; col?: number }[]) => ps.map((p) => `${p.code} @ ${p.path} ${p.line}:${p.col}`);

describe('tool validation at save / import time (path and line:col)', () => {
  it('a searxng search without url is an error at its provider', () => {
    const yaml = graphYaml(`  web:\n    type: web_search\n    provider: searxng\n  docs:\n    type: web_retriever\n    provider: searxng\n    url: ''\n`, ['web', 'docs']);
    const { errors } = problemsOf(yaml);
    expect(where(errors)).toEqual(['searxng_no_url @ tools.web.provider 7:15', 'searxng_no_url @ tools.docs.provider 10:15']);
    expect(errors[0].message).toBe('tools.web.provider: provider searxng needs url: the base URL of your SearXNG instance');
    expect(problemsOf(graphYaml(`  web: { type: web_search, provider: searxng, url: 'http://searx.local' }`, ['web'])).errors).toEqual([]);
  });

  it('url on a serper / serpapi search is an error (their endpoint is the operator\'s)', () => {
    const { errors } = problemsOf(graphYaml(`  web:\n    type: web_search\n    provider: serper\n    url: http://x.example\n`, ['web']));
    expect(where(errors)).toEqual(['search_url_not_allowed @ tools.web.url 8:10']);
  });

  it('an openapi tool with neither spec nor spec_url is an error at the tool', () => {
    const { errors } = problemsOf(graphYaml(`  api:\n    type: openapi\n    operations: [listPets]\n`, ['api']));
    expect(where(errors)).toEqual(['openapi_no_spec @ tools.api 5:3']);
  });

  it('a scorer naming a connection that is not configured is an error at its connection', () => {
    const yaml = graphYaml(
      `  docs:\n    type: web_retriever\n    provider: serper\n    top_p: 0.9\n    scorer: { type: rerank, connection: nope, model: r }\n  pick:\n    type: document_sampler\n    scorer:\n      type: embeddings\n      connection: rerankers\n      model: e\n`,
      ['docs', 'pick'],
    );
    const { errors } = problemsOf(yaml, context);
    expect(where(errors)).toEqual(['unknown_connection @ tools.docs.scorer.connection 9:41']);
    expect(errors[0].message).toMatch(/^tools\.docs\.scorer\.connection: unknown connection "nope" for the rerank scorer: add it in Settings/);
    // Without the operator's configuration (the editor, examples), names are not checked.
    expect(problemsOf(yaml).errors).toEqual([]);
  });

  it('an mcp tool naming a server that is not configured is an error at its server', () => {
    const yaml = graphYaml(`  math:\n    type: mcp\n    server: calc\n    tools: [add]\n  other:\n    type: mcp\n    server: elsewhere\n    tools: [echo]\n`, ['math', 'other']);
    const { errors } = problemsOf(yaml, context);
    expect(where(errors)).toEqual(['unknown_mcp_server @ tools.other.server 11:13']);
    expect(errors[0].message).toMatch(/unknown MCP server "elsewhere": add it in Settings/);
  });

  it('a scorer on a retriever without top_p is a warning (it is never used)', () => {
    const { warnings } = problemsOf(graphYaml(`  docs: { type: web_retriever, provider: serper, scorer: { type: bm25 } }`, ['docs']));
    expect(where(warnings)).toEqual(['scorer_unused @ tools.docs.scorer 5:50']);
  });
});

describe('reflect', () => {
  it('is accepted on every tool that runs at once, openapi and mcp included', () => {
    const tools = [
      '  calc: { type: calculator, reflect: 1 }',
      "  fetch: { type: http, url: 'https://api.example.com/x', reflect: 1 }",
      '  web: { type: web_search, provider: serper, reflect: 2 }',
      '  docs: { type: web_retriever, provider: serper, reflect: 1 }',
      '  pick: { type: document_sampler, reflect: 1 }',
      '  api: { type: openapi, spec_url: https://api.example.com/openapi.json, operations: [listPets], reflect: 1 }',
      '  math: { type: mcp, server: calc, tools: [add], reflect: 3 }',
    ].join('\n');
    const parsed = parseGraphYaml(graphYaml(tools, ['calc', 'fetch', 'web', 'docs', 'pick', 'api', 'math']), { context });
    expect(parsed.ok).toBe(true);
  });

  it('on a human, client or agent tool is a clear error at the field', () => {
    const yaml = `switchyard: 1
name: no-reflect
models: { default: { connection: default, model: m } }
tools:
  ask: { type: human, reflect: 1 }
  caller: { type: client, reflect: 1 }
  helper: { type: agent, node: b, reflect: 1 }
nodes:
  a: { role: agent, tools: [ask, caller, helper] }
  b: { role: agent }
edges:
  - { from: START, to: a }
  - { from: a, to: END }
`;
    const parsed = parseGraphYaml(yaml);
    expect(parsed.ok).toBe(false);
    const errors = parsed.ok ? [] : parsed.errors;
    expect(where(errors)).toEqual(['reflect_not_offered @ tools.ask.reflect 5:32', 'reflect_not_offered @ tools.caller.reflect 6:36', 'reflect_not_offered @ tools.helper.reflect 7:44']);
    expect(errors[0].message).toBe("tools.ask.reflect: reflect (self-reflection) is not offered on a human tool: a person's answer is not judged or asked for again");
  });

  it('above 5 is refused', () => {
    const parsed = parseGraphYaml(graphYaml('  math: { type: mcp, server: calc, tools: [add], reflect: 6 }', ['math']));
    expect(parsed.ok ? [] : where(parsed.errors)).toEqual(['too_big @ tools.math.reflect 5:59']);
  });
});
