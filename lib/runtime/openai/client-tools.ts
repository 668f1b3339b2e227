/**
 * The caller's `tools` on chat completions: they join the entry agent's tools as `client` tools
 * (the engine pauses the run when the agent calls one: interrupt kind 'tool', answered_by 'client').
 * The run's tools are kept (the store's chatTools) so the resumed run offers them again, and every call
 * handed to the caller is recorded by id, so that the caller's next request, which carries the
 * `role: tool` results, finds the paused run and resumes it with `{ action: 'answer', tool_outputs }`.
 * `tool_choice` (`required` or a named function) goes with the entry agent's first model call of the
 * run; the calls after the caller's results are the model's choice again.
 */
import 'server-only';
import type { RunRow } from '@/db/runs';
import { getStore, type ChatClientTool } from '@/db/store';
import type { ChatCompletionRequest } from '@/lib/contracts/openai';
import type { PendingToolCall } from '@/lib/contracts/trace';
import type { ChatRequest } from '@/lib/engine/ports';
import type { GraphDocument } from '@/lib/graph/schema';
import { OpenAIApiError } from './errors';

export type CallerTools = Record<string, ChatClientTool>;

/** The caller's function tools by name; none when `tool_choice` is "none". */
export function callerTools(body: Pick<ChatCompletionRequest, 'tools' | 'tool_choice'>): CallerTools | undefined {
  if (!body.tools?.length || body.tool_choice === 'none') return undefined;
  const out: CallerTools = {};
  for (const t of body.tools) {
    const f = t.function;
    out[f.name] = { ...(f.description ? { description: f.description } : {}), ...(f.parameters ? { parameters: f.parameters as Record<string, unknown> } : {}) };
  }
  return out;
}

/**
 * What the request's `tool_choice` asks of the entry agent's first model call: `required`, or the
 * named function (one of the request's tools); nothing for `auto`, `none` (its tools are not offered
 * at all: callerTools) or when absent. Without `tools`, only `auto` and `none` are accepted (as OpenAI).
 */
export function callerToolChoice(body: Pick<ChatCompletionRequest, 'tool_choice'>, tools: CallerTools | undefined): ChatRequest['tool_choice'] {
  const choice = body.tool_choice;
  if (choice == null || choice === 'auto' || choice === 'none') return undefined;
  if (!tools) throw new OpenAIApiError('invalid_tool_choice', "tool_choice is only allowed with `tools` (use \"auto\" or \"none\" without them).", { param: 'tool_choice' });
  if (choice === 'required') return 'required';
  const name = choice.function.name;
  if (!Object.hasOwn(tools, name)) {
    throw new OpenAIApiError('invalid_tool_choice', `tool_choice names function "${name}", which is not one of the request's tools (${Object.keys(tools).join(', ')}).`, { param: 'tool_choice' });
  }
  return { type: 'function', function: { name } };
}

/** The node START leads to, when it is a tool-calling agent (the one that can offer the caller's tools). */
function entryAgent(doc: GraphDocument): string | undefined {
  const first = doc.edges.find((e) => e.from === 'START');
  const to = first && 'to' in first && typeof first.to === 'string' ? first.to : undefined;
  const node = to ? doc.nodes[to] : undefined;
  if (!node || node.role !== 'agent' || (node.strategy ?? 'tool_calling') !== 'tool_calling') return undefined;
  return to;
}

/** `doc` with the caller's tools added to `node`'s tools as client tools. */
export function withClientTools(doc: GraphDocument, node: string, tools: CallerTools): GraphDocument {
  const agent = doc.nodes[node];
  if (!agent || agent.role !== 'agent') return doc;
  const specs = Object.fromEntries(Object.entries(tools).map(([name, t]) => [name, { type: 'client' as const, ...t }]));
  return {
    ...doc,
    tools: { ...(doc.tools ?? {}), ...specs },
    nodes: { ...doc.nodes, [node]: { ...agent, tools: [...(agent.tools ?? []), ...Object.keys(tools)] } },
  };
}

/** The document for a new run with the caller's tools, and the node that offers them. */
export function documentWithCallerTools(doc: GraphDocument, tools: CallerTools): { doc: GraphDocument; node: string } {
  const node = entryAgent(doc);
  if (!node) {
    throw new OpenAIApiError('tools_not_supported', `Graph "${doc.name}" does not start with a tool-calling agent, so it cannot offer the request's tools.`, { param: 'tools' });
  }
  const taken = Object.keys(tools).filter((n) => Object.hasOwn(doc.tools ?? {}, n));
  if (taken.length) {
    throw new OpenAIApiError('tools_not_supported', `Graph "${doc.name}" already has tools named ${taken.map((n) => `"${n}"`).join(', ')}: rename the request's tools.`, { param: 'tools' });
  }
  return { doc: withClientTools(doc, node, tools), node };
}

export async function keepCallerTools(runId: string, node: string, tools: CallerTools, toolChoice: unknown): Promise<void> {
  await getStore().chatTools.saveRun({ runId, node, tools, toolChoice });
}

/** For a resume: the saved document with the run's caller tools added back (unchanged for other runs). */
export async function restoreCallerTools(runId: string): Promise<(saved: GraphDocument) => GraphDocument> {
  const kept = await getStore().chatTools.getRun(runId);
  return (saved) => (kept ? withClientTools(saved, kept.node, kept.tools) : saved);
}

/** The calls a run paused on for the caller (a client tool pause), or none. */
export async function pendingClientCalls(run: RunRow): Promise<PendingToolCall[]> {
  if (run.status !== 'paused') return [];
  const interrupt = (await getStore().checkpoints.latest(run.id))?.interrupt;
  if (!interrupt || interrupt.kind !== 'tool' || interrupt.answered_by !== 'client') return [];
  return interrupt.tool_calls ?? [];
}

export async function rememberHandedOut(runId: string, calls: PendingToolCall[]): Promise<void> {
  await getStore().chatTools.recordCalls(
    runId,
    calls.map((c) => c.id),
  );
}

/** The run that handed out these tool calls; refuses ids no run (or several runs) handed out. */
export async function runOfToolResults(ids: string[], param = 'messages'): Promise<string> {
  const runs = await getStore().chatTools.runsOfCalls(ids);
  if (runs.length !== 1) {
    const what = runs.length ? 'belong to different runs' : 'were not made by any run of this server';
    throw new OpenAIApiError('invalid_tool_call_id', `The tool results' tool_call_id ${ids.join(', ')} ${what}.`, { param });
  }
  return runs[0];
}
