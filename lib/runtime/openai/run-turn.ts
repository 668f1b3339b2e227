/**
 * One turn of a graph run for the OpenAI-compatible APIs (chat completions and Responses): start a
 * run over a conversation (offering the caller's tools as client tools), or continue the run whose
 * client tool calls the conversation now answers; follow it to the end, streaming the answer's
 * tokens as the model writes them (answer-stream.ts), and say how the turn ended for the caller:
 * its answer, or the caller's tools to run.
 */
import 'server-only';
import type { RunRow } from '@/db/runs';
import { getStore } from '@/db/store';
import type { GraphRow } from '@/db/schema/graphs';
import type { ChatCompletionMessage, ChatCompletionRequest } from '@/lib/contracts/openai';
import type { PendingToolCall, ResumeValue, TraceEvent } from '@/lib/contracts/trace';
import type { GraphDocument } from '@/lib/graph/schema';
import { subscribe } from '../event-bus';
import { resumeRun, startRun, waitForRun } from '../run-manager';
import { AnswerStream, ending } from './answer-stream';
import { callerToolChoice, callerTools, documentWithCallerTools, keepCallerTools, pendingClientCalls, rememberHandedOut, restoreCallerTools, runOfToolResults } from './client-tools';
import { OpenAIApiError } from './errors';
import { runInputFromMessages, trailingToolResults } from './messages';
import { openaiUsage, runReply, type RunReply } from './run-reply';
import { documentWithSampling, type SamplingOverrides, type SamplingParams } from './sampling';

/** How a run's turn ends for the caller: its answer, or the caller's tools to run. */
export type Outcome = { reply: RunReply; calls: PendingToolCall[] };

/** The settled run's outcome; the client tool calls it paused on are remembered by id for the next request. */
export async function outcomeOf(run: RunRow): Promise<Outcome> {
  const calls = await pendingClientCalls(run);
  if (calls.length) {
    await rememberHandedOut(run.id, calls);
    return { reply: { text: '', usage: openaiUsage(run) }, calls };
  }
  return { reply: await runReply(run), calls };
}

export interface TurnRequest {
  /** The whole conversation, in chat form: it ends with a user message (a new run) or with tool results (a continued run). */
  messages: ChatCompletionMessage[];
  tools?: ChatCompletionRequest['tools'];
  tool_choice?: ChatCompletionRequest['tool_choice'];
  /** The conversation the run belongs to (node memory is kept per conversation). */
  conversationId?: string;
  /** The API key the caller used (a new run counts toward its monthly budget). */
  apiKeyId?: string;
  /** The request's sampling parameters, for every model call of the turn that leaves them open (sampling.ts). */
  sampling?: SamplingOverrides;
  /** The request's names of those parameters, for a 400 (e.g. `max_output_tokens`). */
  samplingParams?: SamplingParams;
  /** The request field the conversation came in, named by errors (`messages`, `input`). */
  param: string;
}

export interface Turn {
  run: RunRow;
  /** The last event seq before this turn (0 for a new run): the turn streams only what comes after. */
  after: number;
}

/** A new run over the conversation, offering the request's tools (if any) as client tools. */
async function beginRun(graph: GraphRow, req: TurnRequest): Promise<RunRow> {
  const { input, history } = runInputFromMessages(req.messages, req.param);
  // inputs.messages replaces the initial [user input] of state.messages: the whole conversation.
  const messages = [...history, { role: 'user' as const, content: input }];
  const tools = callerTools(req);
  const choice = callerToolChoice(req, tools);
  const withTools = tools ? documentWithCallerTools(graph.document, tools) : undefined;
  const toolChoice = withTools && choice ? { node: withTools.node, choice } : undefined;
  const base = withTools?.doc ?? graph.document;
  const doc = documentWithSampling(base, req.sampling, req.samplingParams);
  const run = await startRun(graph.id, {
    input,
    inputs: history.length ? { messages } : undefined,
    source: 'openai',
    // The version `graph` holds: the caller passes the one outside callers run (published.ts outsideGraph).
    version: { version: graph.version, document: graph.document },
    conversationId: req.conversationId,
    document: doc === graph.document ? undefined : doc,
    apiKeyId: req.apiKeyId,
    toolChoice,
  });
  if (tools && withTools) await keepCallerTools(run.id, withTools.node, tools, req.tool_choice ?? null);
  return run;
}

/** Resumes the run that handed out the calls these `role: tool` results answer. */
async function continueRun(graph: GraphRow, runId: string, results: { tool_call_id: string; output: string }[], req: TurnRequest): Promise<RunRow> {
  const run = await getStore().runs.get(runId);
  if (!run || run.graphId !== graph.id) {
    throw new OpenAIApiError('invalid_tool_call_id', `The tool results answer a run of another graph than \`${graph.name}\`.`, { param: req.param });
  }
  const pending = await pendingClientCalls(run);
  const missing = pending.filter((c) => !results.some((r) => r.tool_call_id === c.id));
  if (!pending.length || missing.length) {
    const why = pending.length ? `results for ${missing.map((c) => c.id).join(', ')} are missing` : 'it is not waiting for tool results';
    throw new OpenAIApiError('invalid_tool_call_id', `Run ${runId} cannot continue: ${why}.`, { param: req.param });
  }
  const tool_outputs = pending.map((c) => ({ tool_call_id: c.id, output: results.find((r) => r.tool_call_id === c.id)!.output }));
  const restore = await restoreCallerTools(runId);
  return await resumeRun(runId, { action: 'answer', tool_outputs }, { document: (saved) => documentWithSampling(restore(saved), req.sampling, req.samplingParams) });
}

/** Starts the turn: continues the paused run when the conversation ends with tool results, else starts a new run. */
export async function startTurn(graph: GraphRow, req: TurnRequest): Promise<Turn> {
  const results = trailingToolResults(req.messages, req.param);
  if (!results.length) return { run: await beginRun(graph, req), after: 0 };
  const runId = await runOfToolResults(
    results.map((r) => r.tool_call_id),
    req.param,
  );
  // A continued run streams only what it does from here on (the caller has the rest).
  const after = await getStore().events.lastSeq(runId);
  return { run: await continueRun(graph, runId, results, req), after };
}

/** Continues a run paused at a human step with the caller's answer (the Responses API's next turn after `incomplete`). */
export async function answerPause(runId: string, value: ResumeValue, sampling?: SamplingOverrides, params?: SamplingParams): Promise<Turn> {
  const after = await getStore().events.lastSeq(runId);
  const restore = await restoreCallerTools(runId);
  return { run: await resumeRun(runId, value, { document: (saved) => documentWithSampling(restore(saved), sampling, params) }), after };
}

/** Waits for the turn's run to settle (not streaming) and answers its outcome. */
export async function settleTurn(turn: Turn): Promise<Outcome> {
  await waitForRun(turn.run.id);
  return await outcomeOf((await getStore().runs.get(turn.run.id))!);
}

/**
 * Follows the turn's run to its end: `onText` gets the answer's text as it is written, then the
 * rest of the final answer that was not streamed (answer-stream.ts `ending`). Answers the outcome (throws an OpenAI-shaped error when the run failed).
 */
export async function followTurn(turn: Turn, doc: GraphDocument, onText: (text: string) => void): Promise<Outcome> {
  const { run, after } = turn;
  const answer = new AnswerStream(doc);
  const push = (e: TraceEvent) => {
    if (e.seq <= after) return;
    const text = answer.push(e);
    if (text) onText(text);
  };
  // Subscribe first, then catch up on what the run recorded before (push skips seqs already seen).
  const unsubscribe = subscribe(run.id, push);
  try {
    await unsubscribe.ready; // queue mode: the Redis subscription is live before the backlog is read
    for (const e of await getStore().events.list(run.id, after)) push(e);
    await waitForRun(run.id);
    unsubscribe();
    const outcome = await outcomeOf((await getStore().runs.get(run.id))!);
    if (!outcome.calls.length) {
      const rest = ending(answer.streamed, outcome.reply.text);
      if (rest) onText(rest);
    }
    return outcome;
  } finally {
    unsubscribe();
  }
}
