/**
 * The agent-step graphs of bench/engine-overhead.ts: one `tool_calling` agent that answers STEPS
 * (or LONG_STEPS) times in a loop over a conversation that starts with `history` messages, for Switchyard and for
 * LangGraph.js, node for node. The model is in memory and answers at once (no network): what is
 * measured is what a step costs the engine and its store as the conversation grows — the prompt
 * built from the whole history, the state update, the trace and the checkpoint.
 */
import { Annotation, END, MemorySaver, START, StateGraph } from '@langchain/langgraph';
import type { ChatRequest, ChatResult, ModelPort } from '@/lib/engine/ports';
import type { GraphDocument } from '@/lib/graph/schema';

/** Runs of this many agent steps and of LONG_STEPS (each run starts from the same history): their difference is the cost of a step. */
export const STEPS = 10;
export const LONG_STEPS = 40;

/** A message of the starting history: alternating user and assistant turns of ~200 characters. */
export function historyMessages(n: number): Array<{ role: 'user' | 'assistant'; content: string; name?: string }> {
  return Array.from({ length: n }, (_, k) =>
    k % 2 === 0
      ? { role: 'user' as const, content: `Question ${k}: what does the switchyard do with the wagons that arrive on track ${k % 17}? Please answer briefly.` }
      : { role: 'assistant' as const, name: 'agent', content: `Answer ${k}: they are sorted by destination onto the classification tracks, then coupled into outbound trains.` },
  );
}

/** The in-memory model: a short fixed answer; `received` keeps the message count of each request. */
export function memoryModel(): ModelPort & { received: number[] } {
  const received: number[] = [];
  return {
    received,
    async chat(req: ChatRequest): Promise<ChatResult> {
      received.push(req.messages.length);
      return {
        message: { role: 'assistant', content: 'Sorted onto track 4, departing at noon.' },
        finish_reason: 'stop',
        usage: { prompt_tokens: req.messages.length * 40, completion_tokens: 9, total_tokens: req.messages.length * 40 + 9 },
        model: 'mock',
        latency_ms: 0,
      };
    },
  };
}

export interface AgentCase {
  name: string;
  history: number;
  steps: number;
  doc: GraphDocument;
  inputs: Record<string, unknown>;
  langgraph(checkpointer?: MemorySaver): { invoke(input: unknown, config: unknown): Promise<unknown> };
  lgInput: unknown;
}

const LgState = Annotation.Root({
  messages: Annotation<Array<{ role: string; content: string; name?: string }>>({ reducer: (a, b) => a.concat(b), default: () => [] }),
});

function agentCase(history: number, steps: number): AgentCase {
  const start = historyMessages(history);
  const model = memoryModel();
  return {
    name: `${history.toLocaleString('en-US')} messages`,
    history,
    steps,
    inputs: { messages: start },
    doc: {
      switchyard: 1,
      name: 'agent-history',
      models: { default: { connection: 'default', model: 'mock' } },
      nodes: {
        agent: { role: 'agent', strategy: 'tool_calling', model: 'default', system_prompt: 'You are a yard master. Answer briefly.' },
      },
      edges: [
        { from: 'START', to: 'agent' },
        { from: 'agent', branches: [{ when: `size(state.messages) < ${history + steps}`, to: 'agent' }, { else: 'END' }] },
      ],
      limits: { recursion_limit: 1000, timeout_s: 600 },
    } as GraphDocument,
    lgInput: { messages: start },
    langgraph(checkpointer) {
      // The same work per step: the prompt built from the system message and the whole history, the model called, its answer appended.
      const agent = async (s: typeof LgState.State) => {
        const prompt = [{ role: 'system', content: 'You are a yard master. Answer briefly.' }, ...s.messages.map((m) => (m.role === 'assistant' && m.name !== 'agent' ? { role: 'user', content: m.content } : { ...m }))];
        const r = await model.chat({ connection: 'default', model: 'mock', messages: prompt as ChatRequest['messages'], signal: new AbortController().signal });
        return { messages: [{ ...r.message, name: 'agent', content: String(r.message.content) }] };
      };
      const g = new StateGraph(LgState)
        .addNode('agent', agent)
        .addEdge(START, 'agent')
        .addConditionalEdges('agent', (s) => (s.messages.length < history + steps ? 'agent' : END));
      return g.compile({ checkpointer });
    },
  };
}

/** The cases at 10, 1,000 and 5,000 messages, each as a run of `steps` agent steps. */
export const agentCases = (steps: number): AgentCase[] => [agentCase(10, steps), agentCase(1000, steps), agentCase(5000, steps)];
