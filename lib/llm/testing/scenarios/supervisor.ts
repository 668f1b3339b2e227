/**
 * A supervisor that delegates to worker agents offered to it as tools (seed 003): one tool call per
 * turn, each offered worker once in order, the task carrying what earlier workers returned; when all
 * have answered it writes the final answer from their results. Plus the researcher worker, which
 * searches once (when it has a search tool) and reports findings.
 *
 * A supervisor is recognised by its offered tools all taking a `task` (how the engine exposes
 * workers), or by a system prompt that speaks of a supervisor / a team / delegating.
 */
import { answeredToolNames, lastUserText, offeredToolWith, systemText, toolResults } from '../conversation';
import type { MockChatRequest, MockReply, MockRule } from '../mock-types';

/** The argument name a tool expects: its first required property, else its first property, else `input`. */
function firstParam(tool: NonNullable<MockChatRequest['tools']>[number]): string {
  const params = tool.function?.parameters as { required?: unknown; properties?: Record<string, unknown> } | undefined;
  if (Array.isArray(params?.required) && typeof params.required[0] === 'string') return params.required[0];
  const props = Object.keys(params?.properties ?? {});
  return props[0] ?? 'input';
}

function isSupervisor(req: MockChatRequest): boolean {
  const tools = req.tools ?? [];
  if (!tools.length) return false;
  const allTakeTask = tools.every((t) => Object.hasOwn((t.function?.parameters as { properties?: object } | undefined)?.properties ?? {}, 'task'));
  return allTakeTask || /supervisor|\bteam\b|delegat/i.test(systemText(req));
}

function supervisorReply(req: MockChatRequest): MockReply {
  const done = new Set(answeredToolNames(req));
  const results = toolResults(req);
  const next = (req.tools ?? []).find((t) => t.function?.name && !done.has(t.function.name));
  const question = req.messages.find((m) => m.role === 'user');
  const task = question ? String(question.content ?? '') : lastUserText(req);
  if (next?.function?.name) {
    const context = results.length ? `\n\nWhat the team has so far:\n${results.map((r) => `- ${r.name}: ${r.content}`).join('\n')}` : '';
    return { tool_calls: [{ name: next.function.name, arguments: { [firstParam(next)]: `${task}${context}` } }], chunkSize: 16 };
  }
  const last = results[results.length - 1];
  return { content: `Final answer (from ${results.map((r) => r.name).join(', ') || 'no one'}): ${last ? last.content : task}`, chunkSize: 16 };
}

function researcherReply(req: MockChatRequest): MockReply {
  const subject = lastUserText(req).split('\n')[0].slice(0, 120);
  const search = offeredToolWith(req, 'query');
  const found = toolResults(req);
  if (search && !found.length) return { tool_calls: [{ name: search, arguments: { query: subject } }], chunkSize: 10 };
  const source = found.length ? ` Sources: ${found.map((f) => f.content).join(' | ').slice(0, 300)}` : '';
  return { content: `Findings: three key facts about ${subject}.${source}`, chunkSize: 16 };
}

export const supervisorRules: MockRule[] = [
  { name: 'supervisor', match: isSupervisor, reply: supervisorReply },
  { name: 'researcher', match: (req) => /research|find the facts|gather (the )?facts/i.test(systemText(req)), reply: researcherReply },
];
