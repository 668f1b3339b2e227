/** 4. Agent strategies and control: react, tool_calling, plan_execute, supervisors, human, breakpoints, subgraphs. */
import { DEFAULTS } from '@/lib/graph/defaults';
import { REACT_STOP, ZERO_SHOT_REACT } from '@/lib/graph/react-text';
import { celExample } from '../cel-examples';
import { C, Code, Note, Section, Sub, Table } from '../parts';
import { STRATEGIES_YAML, TEAM_YAML } from '../snippets';

const PLACEHOLDERS: [string, string][] = [
  ['{tool_names}', 'the node’s tool names, comma-separated'],
  ['{tool_names_with_descriptions}', 'one line per tool: "name: description"'],
  ['{history}', 'the conversation before the question, after the node’s history setting: "Previous conversation:", one "User: …" / "Assistant: …" line per message, a blank line; empty in a one-turn run'],
  ['{query}', 'the task: the node’s input CEL, else the last user message (or state.input)'],
  ['{transcript}', 'what happened so far: each step’s model output + "\\nObservation: <tool result>\\nThought:"'],
];

export function Strategies() {
  const exitWhen = celExample('output.contains("DONE")').expr;
  return (
    <Section
      id="strategies"
      title="Agents and control"
      intro={`An agent node runs one of three strategies (default ${DEFAULTS.strategy}). Supervisors, human steps, breakpoints and subgraphs shape the run around them.`}
    >
      <Code title="the three strategies">{STRATEGIES_YAML}</Code>
      <Sub id="react" title={<>react — the MRKL / ReAct text loop</>}>
        <p>
          Each step sends one user message, the prompt template with its placeholders filled (after the <C>system_prompt</C>, if any), with the stop
          sequence <C>{JSON.stringify(REACT_STOP)}</C>. The reply is parsed with <C>final_answer_pattern</C> (checked first) and <C>action_pattern</C>; the
          tool runs and its result becomes the Observation. Text that parses as neither, and unknown tool names, come back as the Observation with the
          expected format, so the model can correct itself. Up to <C>max_steps</C> ({DEFAULTS.max_steps}) steps, then the run fails.
        </p>
        <Code title="ZERO_SHOT_REACT (the default prompt_template)" testId="docs-react-template">
          {ZERO_SHOT_REACT}
        </Code>
        <Code title="REACT_STOP (stop sequences)" testId="docs-react-stop">
          {JSON.stringify(REACT_STOP)}
        </Code>
        <Table head={['Placeholder', 'Filled with']} rows={PLACEHOLDERS.map(([p, w]) => [<C key="p">{p}</C>, w])} />
        <Table
          head={['Pattern', 'Default', 'Captures']}
          rows={[
            [<C key="n">final_answer_pattern</C>, <C key="d">{DEFAULTS.final_answer_pattern}</C>, 'group 1: the final answer'],
            [<C key="n">action_pattern</C>, <C key="d">{DEFAULTS.action_pattern}</C>, 'group 1: the tool name, group 2: the tool input'],
          ]}
        />
        <p>
          The Action Input is passed as the tool’s arguments when it is a JSON object; otherwise the text fills the tool’s single parameter, whatever
          its name (for example the calculator’s <C>expression</C>, or the <C>query</C> of an <C>args_schema</C>; a number or boolean parameter
          gets the text read as one). Each model reply’s parsed Thought / Action / Action Input / Final Answer shows in the
          trace (<C>llm.response</C> <C>parsed</C>).
        </p>
      </Sub>
      <Sub id="tool-calling" title="tool_calling — native function calling">
        <p>
          The node’s tools are sent as functions; every tool call the model makes runs (<C>tool.call</C> / <C>tool.result</C>) and its result is fed back
          as a tool message, in a loop of up to <C>max_steps</C> model turns. Unknown tools, malformed JSON arguments and tool errors are reported back to the
          model rather than failing the run. <C>exit</C> says when it is done:
        </p>
        <Table
          head={['exit', 'Ends the loop']}
          rows={[
            [<C key="e">text</C>, 'the default: a reply without tool calls; that reply is the answer'],
            [<C key="e">{'{ tool: finish }'}</C>, 'right after that tool ran successfully; its result is the answer'],
            [
              <C key="e">{`{ when: '${exitWhen}' }`}</C>,
              'after each model turn and its tool calls, when the CEL condition is true (variables state, messages, last, output; see CEL variables)',
            ],
          ]}
        />
        <p>A reply without tool calls always ends the loop, whatever the exit condition: nothing is left to do.</p>
      </Sub>
      <Sub id="plan-execute" title="plan_execute — plan, then execute">
        <p>
          One agent node that plans and executes: the model writes a numbered plan for the task, then each step runs as a tool-calling loop with the node’s
          tools (<C>max_steps</C> turns a step). A step that fails (a tool error or the model saying it cannot) makes the model revise the remaining plan, up
          to {DEFAULTS.max_revisions} times. The answer is the result of a one-step plan, else a synthesis of all results. The plan and{' '}
          <C>past_steps</C> are written to state. The same thing as two nodes: a <a href="#role-planner">planner</a> followed by an{' '}
          <a href="#role-executor">executor</a> (example <C>plan-execute</C>).
        </p>
      </Sub>
      <Sub id="supervisors" title="Supervisors and workers">
        <p>
          A supervisor offers each of its <C>workers</C> to the model as a function named after the worker’s node id, described by the worker’s{' '}
          <C>description</C> (else its label), with one parameter <C>task</C>. A call runs the worker node with that task as its whole conversation; its answer
          is the tool result. Workers can be any role, including supervisors (at most 5 calls deep). Without a <C>system_prompt</C> the supervisor gets one
          listing its workers. It loops until it answers in text. Workers are usually not wired with edges: they run only when called.
        </p>
        <Code title="supervisor, agent tool, human, subgraph">{TEAM_YAML}</Code>
      </Sub>
      <Sub id="human" title="Human steps">
        <p>
          A human node pauses the run (status <C>paused</C>, event <C>run.interrupted</C>) showing its <C>prompt</C> and <C>show</C> (default: the last
          message). Other nodes of the same step finish first. Answer in the Run panel, on the run page, or with{' '}
          <C>POST /api/runs/:id/resume</C>:
        </p>
        <Table
          head={['value', 'Effect']}
          rows={[
            [<C key="a">{'{ "action": "approve" }'}</C>, 'output "approved"'],
            [
              <C key="a">{'{ "action": "reject", "reason": "…" }'}</C>,
              'output "rejected"; a reason is added to messages as a user message "Rejected: …". Unless the node’s conditional edge routes the rejection to another node (e.g. back to the writer, who then sees the reason), the run ends there with status rejected',
            ],
            [<C key="a">{'{ "action": "approve", "state": { … } }'}</C>, 'approve after setting the given state channels (checked against the graph’s channels; recorded in the trace)'],
            [
              <C key="a">{'{ "action": "edit", "value": … }'}</C>,
              'the value goes to the output channel; without one, it replaces the content of the last message',
            ],
          ]}
        />
        <p>
          Branch on the outcome with a condition such as <C>{celExample('output == "approved"').expr}</C> on the human node’s conditional edge.
        </p>
      </Sub>
      <Sub id="breakpoints" title="Breakpoints">
        <p>
          Set a breakpoint on a node with the dot on its card on the canvas or in the Run panel’s breakpoint list (through the API: <C>breakpoints: [ids]</C> when starting a run). The run pauses{' '}
          <em>before</em> such a node runs, showing the state. Resume with <C>{'{ "action": "continue" }'}</C> (run on until the next breakpoint) or{' '}
          <C>{'{ "action": "step" }'}</C> (run one superstep, then pause again). Either may carry <C>{'"state": { "route": "refund" }'}</C>: those
          channels are set (overwritten, no reducer) before the run goes on, after a check against the graph’s state channels (a wrong type or an unknown
          channel is a 422 <C>invalid_state</C> naming the path); the trace records it as <C>state.updated</C> with <C>reason: "edited at breakpoint"</C>.
          In the Run panel the pause card shows Continue and Step first and the state folded below them, editable as JSON. The breakpoint dot is on every
          node card (and a checkbox in the inspector). A run cut off by a server restart is marked <C>interrupted</C> and resumes
          from its last checkpoint the same way.
        </p>
      </Sub>
      <Sub id="subgraphs" title="Subgraphs">
        <p>
          A subgraph node runs another saved graph (by name) to completion as one step, with <C>input</C> (CEL, default: the last message) as its input.
          Its events nest under the node in the trace; its output becomes the node’s answer. Subgraphs nest at most 5 deep. A human node inside a subgraph
          cannot pause the outer run.
        </p>
        <Note>
          An <a href="#tool-agent">agent tool</a> offers another node of the same graph as a tool; a subgraph reuses a whole saved graph.
        </Note>
      </Sub>
      <Sub id="map" title="Map (for each item)">
        <p>
          A <C>map</C> node runs another saved graph once per item of a list: <C>items</C> is CEL giving the list (e.g. <C>state.topics</C>; a string
          item is the input as is, any other item its JSON), <C>max_concurrency</C> items run at once (1–32, default 4), and the outputs go to{' '}
          <C>output</C> as a list in the items’ order. Each item is a child span <C>{'<node>[i]'}</C> in the trace with its graph’s nodes under it.
          With <C>on_error: fail</C> (the default) the first failing item fails the node, no later item starts and running ones are aborted; with{' '}
          <C>collect</C> the failed item’s place holds <C>{'{ error: { code, message } }'}</C>. At most 1,000 items; a human step inside a mapped graph
          fails its item (items cannot pause).
        </p>
      </Sub>
    </Section>
  );
}
