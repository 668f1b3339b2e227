/**
 * `tools` of a legacy assistant and of one of its runs (the run's list replaces the assistant's,
 * as OpenAI does): `function` tools are honoured as client tools, the same as on chat completions
 * (client-tools.ts): the graph's entry agent offers them, a call pauses the run with
 * `requires_action` / `submit_tool_outputs`, and the outputs resume it. OpenAI's hosted tools
 * (`code_interpreter`, `file_search`) are refused with a 400 naming the tool: a graph has its own.
 * Sampling settings of the assistant itself have no place to be kept and are refused (set them on
 * the run); a run's `temperature`, `top_p`, `max_completion_tokens` and `response_format` go
 * through sampling.ts like a chat completion's.
 */
import 'server-only';
import type { ChatCompletionRequest } from '@/lib/contracts/openai';
import { ChatCompletionRequest as ChatCompletionRequestSchema } from '@/lib/contracts/openai';
import type { GraphDocument } from '@/lib/graph/schema';
import { callerToolChoice, callerTools, documentWithCallerTools, type CallerTools } from './client-tools';
import { OpenAIApiError } from './errors';
import { chatParamNames, documentWithSampling, samplingOf } from './sampling';

const FunctionTools = ChatCompletionRequestSchema.shape.tools;

/** The function tools of a `tools` list; a hosted tool type or a malformed function: 400 naming it. */
export function functionTools(tools: unknown[] | null | undefined): NonNullable<ChatCompletionRequest['tools']> {
  const list = tools ?? [];
  list.forEach((t, i) => {
    const type = (t as { type?: unknown }).type;
    if (type !== 'function') {
      throw new OpenAIApiError('tools_not_supported', `tools[${i}]: tool type '${String(type)}' is not supported here (only 'function' tools, run as client tools; the graph brings its own tools).`, { param: `tools[${i}].type` });
    }
  });
  const parsed = FunctionTools.safeParse(list);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const param = `tools${issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('')}`;
    throw new OpenAIApiError('bad_request', `Invalid '${param}': ${issue.message}.`, { param });
  }
  return parsed.data ?? [];
}

/** Checks an assistant's `tools` against its graph and refuses sampling settings it cannot keep. */
export function checkAssistantBody(doc: GraphDocument, body: Record<string, unknown> & { tools?: unknown[] | null }): void {
  const tools = functionTools(body.tools);
  if (tools.length) documentWithCallerTools(doc, callerTools({ tools } as ChatCompletionRequest)!);
  const asked = samplingOf(body);
  const param = Object.keys(asked)[0];
  if (param) {
    const name = param === 'max_tokens' ? 'max_completion_tokens' : param;
    throw new OpenAIApiError('bad_request', `Unsupported parameter: '${name}' on an assistant: set it on the run (or in the graph's models).`, { param: name, code: 'unsupported_parameter' });
  }
}

/** What a run of an assistant runs: the document with the run's sampling and function tools, the tools to keep, and the tool_choice. */
export function runDocument(doc: GraphDocument, assistantTools: unknown[] | null | undefined, body: Record<string, unknown> & { tools?: unknown[] | null; tool_choice?: unknown }) {
  const sampled = documentWithSampling(doc, samplingOf(body), chatParamNames(body));
  const tools = functionTools(body.tools ?? assistantTools);
  const request = { tools, tool_choice: body.tool_choice ?? undefined } as ChatCompletionRequest;
  const caller: CallerTools | undefined = tools.length ? callerTools(request) : undefined;
  const choice = callerToolChoice(request, caller);
  const withTools = caller ? documentWithCallerTools(sampled, caller) : undefined;
  return {
    document: withTools?.doc ?? (sampled === doc ? undefined : sampled),
    kept: withTools && caller ? { node: withTools.node, tools: caller } : undefined,
    toolChoice: withTools && choice ? { node: withTools.node, choice } : undefined,
  };
}
