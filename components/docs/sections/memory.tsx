/** 6b. Conversation memory: `memory:` on agents and supervisors, conversations, what the trace shows. */
import { NODE_ROLES } from '@/lib/graph/constants';
import { ROLES } from '@/lib/graph/roles';
import { C, Code, Section, Table } from '../parts';

const MEMORY_YAML = `nodes:
  assistant:
    role: agent
    system_prompt: You are a friendly assistant.
    memory:
      window: 4                 # the last 4 turns go into the prompt verbatim
      summary: { after: 4 }     # older turns: a running summary (system note)
      entities: { every: 2, model: small }   # every 2 turns: "Known entities" (system note)`;

const CONVERSATION_CALLS = `# runs API: the conversation's earlier turns (its succeeded runs on this graph) become the history
curl -X POST localhost:3000/api/graphs/$GRAPH/runs -H 'content-type: application/json' \\
  -d '{"input": "What is my name?", "conversation_id": "user-42"}'

# chat completions: the messages are the history; the header (or "user") names the conversation
curl localhost:3000/api/v1/chat/completions -H 'X-Conversation-Id: user-42' -H 'content-type: application/json' \\
  -d '{"model": "my-graph", "messages": [{"role": "user", "content": "What is my name?"}]}'`;

export function Memory() {
  const roles = NODE_ROLES.filter((r) => ROLES[r].takesMemory).map((r) => ROLES[r].label.toLowerCase());
  return (
    <Section
      id="memory"
      title="Conversation memory"
      intro={`What a node remembers of a long conversation, kept per conversation (seeds 001 and 004). Nodes that take it: ${roles.join(', ')}.`}
    >
      <Code title="memory">{MEMORY_YAML}</Code>
      <p>
        A <em>turn</em> is a message of the user and everything after it up to the next one (other nodes’ messages stay inside the turn). Memory applies to
        the conversation the node sees (after its <C>history</C> setting); the notes come right after its system prompt.
      </p>
      <Table
        testId="docs-memory"
        head={['setting', 'What it does']}
        rows={[
          [<C key="k">window: N</C>, 'only the last N turns go into the prompt'],
          [
            <C key="k">{'summary: { after: N, model? }'}</C>,
            'once the conversation has more than N turns, the turns older than the window (window, else N) are summarized by a model call; the summary is kept and given as the system note “Summary of the earlier conversation:”. Each update sends only the turns the summary does not cover yet, with the summary so far. No turn is ever dropped: the window only trims turns the summary already covers, so a turn not summarized yet (the summary not due, or its call failed) stays in the prompt verbatim.',
          ],
          [
            <C key="k">{'entities: { every: N, model? }'}</C>,
            'every N turns a model call extracts the conversation’s entities (people, places, organizations…) with a short summary of each, as JSON (read defensively, at most 50, names and summaries cut short); they are kept and given as the system note “Known entities:”.',
          ],
        ]}
      />
      <p>
        <C>model</C> names an entry of <C>models</C> (default: the node’s model). A <strong>conversation</strong> is an assistants thread (its id), the{' '}
        <C>conversation_id</C> of <C>POST /api/graphs/:id/runs</C>, or for chat completions the <C>X-Conversation-Id</C> header or the request’s{' '}
        <C>user</C>. Memory is stored per conversation, graph and node in the database, so it survives a restart. Without a conversation, chat
        completions are stateless: the request carries the history, the window and the summary still apply to it, and the summary is computed but not
        kept.
      </p>
      <Code title="conversations">{CONVERSATION_CALLS}</Code>
      <p>
        In the trace each node run with memory has a <C>memory</C> span: <C>memory.read</C> (the turns, how many go verbatim, the summary and entities
        loaded), the memory model calls, then one <C>memory.write</C> per update. A failed update (the model errs, the entity reply is not JSON) does not
        fail the run: <C>memory.write</C> carries the <C>error</C>, the node goes on with the memory it had, and the next turn tries again. The debug
        panel shows the memory row and what was read and written.
      </p>
      <p data-testid="docs-chat-tab">
        <strong>Chat in the editor.</strong> The run panel’s <em>Chat</em> tab (beside <em>Trace</em>) keeps conversations with the graph, listed per
        graph (new, rename, delete, continue). Each message is a run with the conversation’s earlier turns as its history (<C>source: chat</C>); the
        answer streams into a bubble (markdown without raw HTML; links open in a new tab), naming the speaking agent when several agents can answer.
        Tool calls and the pages they read fold inside the bubble, <em>Memory</em> shows the window, summary and entities the turn used, and{' '}
        <em>Trace</em> opens that turn’s run. A human step waits in the bubble with <em>Approve</em> / <em>Reject</em> (or an answer box).{' '}
        <em>Edit</em> on a message or <em>Retry</em> on an answer sends it again from that point: the later turns leave the conversation (their runs stay
        in <em>History</em>) and its memory is rebuilt. Deleting a conversation deletes its memory; its runs stay. Over HTTP:{' '}
        <C>GET/POST /api/graphs/:id/conversations</C>, <C>GET/PATCH/DELETE /api/conversations/:id</C> and{' '}
        <C>{'POST /api/conversations/:id/turns { input, replaces_run_id? }'}</C>.
      </p>
    </Section>
  );
}
