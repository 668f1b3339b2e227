/** The `knowledge` tool in a graph (issue 23): its schema, and a base the workspace lacks flagged at its YAML line. */
import { describe, expect, it } from 'vitest';
import { contextOf } from './validate-tools';
import { parseGraphYaml } from './yaml';

const yaml = (tool: string) => `switchyard: 1
name: faq-bot
models: { default: { connection: default, model: m } }
tools:
  faq:
    type: knowledge
${tool}
nodes:
  a: { role: agent, tools: [faq] }
edges:
  - { from: START, to: a }
  - { from: a, to: END }
`;

const where = (ps: { code: string; path: string; line?: number; col?: number }[]) => ps.map((p) => `${p.code} @ ${p.path} ${p.line}:${p.col}`);

describe('the knowledge tool in YAML', () => {
  const names = { connections: ['default'], mcpServers: [], knowledgeBases: ['handbook'] };

  it('accepts a base of the workspace with top_k, mode and top_p', () => {
    const parsed = parseGraphYaml(yaml('    knowledge_base: handbook\n    description: Our handbook\n    top_k: 5\n    mode: hybrid\n    top_p: 0.9'), { context: contextOf(names) });
    expect(parsed.ok && parsed.doc.tools?.faq).toEqual({ type: 'knowledge', knowledge_base: 'handbook', description: 'Our handbook', top_k: 5, mode: 'hybrid', top_p: 0.9 });
  });

  it('flags a base the workspace does not have, at its line; without the workspace\'s names it is not checked', () => {
    const text = yaml('    knowledge_base: manuals');
    const parsed = parseGraphYaml(text, { context: contextOf(names) });
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(where(parsed.errors)).toEqual(['unknown_knowledge_base @ tools.faq.knowledge_base 7:21']);
    expect(parsed.errors[0].message).toMatch(/unknown knowledge base "manuals" in this workspace/);
    expect(parseGraphYaml(text, { context: contextOf({ connections: ['default'], mcpServers: [] }) }).ok).toBe(true);
  });

  it('refuses a bad mode, top_k out of range and a missing base, at their fields', () => {
    const bad = parseGraphYaml(yaml('    knowledge_base: handbook\n    mode: semantic\n    top_k: 0'));
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.errors.map((e) => e.path).sort()).toEqual(['tools.faq.mode', 'tools.faq.top_k']);
    const missing = parseGraphYaml(yaml('    top_k: 3'));
    expect(missing.ok).toBe(false);
    if (!missing.ok) expect(missing.errors.map((e) => e.path)).toContain('tools.faq.knowledge_base');
  });
});
