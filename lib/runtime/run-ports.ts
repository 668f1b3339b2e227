/**
 * Wires the engine's ports for one run: the model port over lib/llm with the connection resolver,
 * the tool port with the operator's allow-list, saved graphs by name, the event recorder and the
 * checkpoint store, the call journal, and the conversation's memory.
 */
import 'server-only';
import { randomUUID } from 'node:crypto';
import type { ModelPort, RunPorts, ToolPort } from '@/lib/engine/ports';
import { createModelPort } from '@/lib/llm';
import { createToolPort } from '@/lib/tools';
import { withFunctionTools } from '@/lib/tools/function-tool-port';
import { notFound } from '@/lib/errors';
import { getStore } from '@/db/store';
import { createPageCache } from '@/db/store/page-cache-port';
import { redactingTools } from './redacting-tools';
import { loadPrices, resolveConnection as resolveInWorkspace } from './connections';
import { runtimeConfig } from './config';
import type { EventRecorder } from './event-recorder';
import { createMemoryPort, type RunConversation } from './conversation';
import { createRunJournal } from './run-journal';
import { mcpClients } from './mcp/client-pool';
import { demoPorts, type DemoRun } from './demo-run';
import { knowledgeToolPort } from './knowledge/tool-port';

/** A run whose graph is gone sees only instance-wide connections. */
const NO_WORKSPACE = '';

/** `conversation`: the run's conversation (an assistants thread, a `conversation_id`), whose memory nodes keep. */
/** `replayOf`: the run a replay run reuses the calls of (time travel, run-journal.ts). */
/** `demo`: a demo run (connection_override `demo`): model and scripted tools from the demo (demo-run.ts). */
/** Async: what the engine's synchronous ports answer from (connection prices) is read before the run starts. */
export async function createRunPorts(runId: string, recorder: EventRecorder, signal: AbortSignal, conversation?: RunConversation, replayOf?: string, demo?: DemoRun): Promise<RunPorts> {
  const config = runtimeConfig();
  const prices = await loadPrices();
  // The run's workspace (its graph's): the saved connections, MCP servers and subgraphs it may use.
  let workspace: Promise<string | undefined> | undefined;
  const runWorkspace = () =>
    (workspace ??= (async () => {
      const run = await getStore().runs.get(runId);
      return run ? (await getStore().graphs.get(run.graphId))?.workspaceId : undefined;
    })());
  const resolveConnection = async (name: string) => resolveInWorkspace(name, (await runWorkspace()) ?? NO_WORKSPACE);
  // openapi and mcp tools offer several functions each (lib/tools/function-tool-port.ts); MCP servers are the operator's (mcp/client-pool.ts).
  const tools = withFunctionTools(createToolPort({ allowedHosts: config.allowedHosts, pageCache: createPageCache(), resolveConnection, knowledge: knowledgeToolPort(runWorkspace) }), { allowedHosts: config.allowedHosts, mcp: mcpClients(runWorkspace) });
  const ports = demo ? demoPorts(runId, demo, config.model, tools) : { model: createModelPort({ resolveConnection, ...config.model }), tools };
  // A call starts only once the calls recorded before it are durable (their step commit written):
  // a crash during the call never loses what came before (on SQLite that commit is already done).
  const model: ModelPort = { ...ports.model, chat: async (req) => (await recorder.durable(), ports.model.chat(req)) };
  if (ports.model.supports) model.supports = ports.model.supports.bind(ports.model);
  return {
    model,
    tools: redactingTools(withRunIdempotency(runId, ports.tools, recorder)),
    // The call journal, written with each step's commit (run-journal.ts).
    journal: createRunJournal(runId, recorder, replayOf),
    // Cost: the connection's own prices (Settings), else the shipped defaults (lib/graph/prices.ts).
    prices,
    graphs: {
      async load(name) {
        // A subgraph is looked up in the workspace of the run's graph.
        const ws = await runWorkspace();
        const row = ws ? await getStore().graphs.getByName(name, ws) : null;
        if (!row) throw notFound(`Graph "${name}"`);
        return row.document;
      },
    },
    clock: { now: () => Date.now() },
    emit: (event) => recorder.emit(event),
    checkpoint: checkpointPort(runId, recorder),
    ...(conversation ? { memory: createMemoryPort(conversation) } : {}),
    signal,
    newId: () => randomUUID(),
  };
}

/**
 * A step boundary: the step's events and its checkpoint in one transaction (durable before the run
 * moves on); deltas recorded before the checkpoint stay before it in the trace. The run's last
 * checkpoint (nothing next, no pause) is written with the run.finished the engine emits right after
 * it, in the same tick: one commit fewer per run. (A crash between them loses both; the run then
 * resumes from the step before, its calls recalled from the journal.)
 */
export function checkpointPort(runId: string, recorder: EventRecorder): RunPorts['checkpoint'] {
  void runId;
  return (cp) => {
    if (cp.next.length === 0 && !cp.interrupt) recorder.withNextCommit(() => ({ checkpoint: cp }));
    else return recorder.flush(cp);
  };
}

/** Tool calls carry `<run>-<attempt key>` as their idempotency key (the HTTP tool's Idempotency-Key header). */
function withRunIdempotency(runId: string, tools: ToolPort, recorder: Pick<EventRecorder, 'durable'>): ToolPort {
  return {
    definition: (name, spec) => tools.definition(name, spec),
    ...(tools.functions ? { functions: tools.functions.bind(tools) } : {}),
    run: async (name, spec, args, ctx) => {
      await recorder.durable();
      return tools.run(name, spec, args, { ...ctx, activity: ctx.activity && `${runId}-${ctx.activity}` });
    },
  };
}
