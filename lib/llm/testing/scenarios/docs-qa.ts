/**
 * Seed 001's demo (examples/docs-qa.yaml): a tool_calling agent that asks its `docs` retriever
 * first, falls back to `web` search when the docs return nothing, and says where its answer came
 * from; plus the self-reflection judge (lib/engine/reflection.ts) for any tool with `reflect`:
 * an empty result ("[]", no results) is not aligned and the query is rephrased by adding " guide".
 */
import { lastUserText, systemText, toolResults } from '../conversation';
import type { MockChatRequest, MockReply, MockRule } from '../mock-types';

/** The docs-qa agent is recognised by this phrase of its system prompt. */
export const DOCS_QA_MARKER = 'answer from the documentation first';
const REFLECTION_MARKER = 'self-reflection';

interface Doc {
  content?: string;
  meta?: { url?: string; title?: string };
}

function documents(content: string): Doc[] {
  try {
    const v: unknown = JSON.parse(content.replace(/\n\n\[Self-reflection:[\s\S]*$/, ''));
    return Array.isArray(v) ? (v as Doc[]) : [];
  } catch {
    return [];
  }
}

function cite(source: string, docs: Doc[]): string {
  const first = docs[0];
  const urls = [...new Set(docs.map((d) => d.meta?.url).filter(Boolean))].join(', ');
  return `${(first.content ?? '').slice(0, 300)}\n\nSource: ${source} (${urls}).`;
}

function docsQaReply(req: MockChatRequest): MockReply {
  const question = req.messages.find((m) => m.role === 'user');
  const q = typeof question?.content === 'string' ? question.content : lastUserText(req);
  const results = toolResults(req);
  const docs = results.find((r) => r.name === 'docs');
  const web = results.find((r) => r.name === 'web');
  if (!docs) return { tool_calls: [{ name: 'docs', arguments: { query: q } }] };
  const fromDocs = documents(docs.content);
  if (fromDocs.length) return { content: cite('the documentation', fromDocs), chunkSize: 24 };
  if (!web) return { tool_calls: [{ name: 'web', arguments: { query: q } }] };
  const fromWeb = documents(web.content);
  if (fromWeb.length) return { content: `The documentation does not cover this. ${cite('web search', fromWeb)}`, chunkSize: 24 };
  return { content: 'I could not find an answer in the documentation or on the web.', chunkSize: 24 };
}

function reflectionReply(req: MockChatRequest): MockReply {
  const text = lastUserText(req);
  const input = /\nInput: (.*)\n/.exec(text)?.[1] ?? '';
  const output = text.split('\nOutput:\n')[1] ?? '';
  const empty = /^\s*(\[\s*\]|\(empty\)|No results)/.test(output);
  if (!empty) return { content: JSON.stringify({ aligned: true, reason: 'The output answers the input.' }) };
  let query = input;
  try {
    const v = JSON.parse(input) as { query?: unknown };
    if (typeof v.query === 'string') query = v.query;
  } catch {
    // a text input
  }
  return { content: JSON.stringify({ aligned: false, reason: 'The tool returned nothing for this input.', rephrased_input: `${query} guide` }) };
}

export const docsQaRules: MockRule[] = [
  { name: 'reflection', match: (req) => systemText(req).toLowerCase().includes(REFLECTION_MARKER) && /\nOutput:\n/.test(lastUserText(req)), reply: reflectionReply },
  { name: 'docs-qa', match: { systemContains: DOCS_QA_MARKER }, reply: docsQaReply },
];
