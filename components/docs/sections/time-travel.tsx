/** 8b. Time travel: checkpoint history, fork, replay from recordings, run diff. */
import { C, Code, Section, Sub, Table } from '../parts';

const CALLS = `# every checkpoint of a run: the state after each superstep and what runs next
curl localhost:3000/api/runs/$RUN/checkpoints

# fork: a new run from the state after step 2, with one channel edited, on the run's graph version
curl -X POST localhost:3000/api/runs/$RUN/fork -H 'content-type: application/json' \\
  -d '{"step": 2, "state": {"route": "refund"}, "graph_version": "original"}'

# fork with the next node pinned (a node id, a list run together, or "END" to finish at once)
curl -X POST localhost:3000/api/runs/$RUN/fork -H 'content-type: application/json' \
  -d '{"step": 2, "state": {"verdict": "approve"}, "next": "writer"}'

# replay on the graph as it is now, reusing every unchanged model and tool call
curl -X POST localhost:3000/api/runs/$RUN/replay -H 'content-type: application/json' -d '{}'

# two runs side by side
curl "localhost:3000/api/runs/diff?a=$RUN&b=$FORK"`;

export function TimeTravel() {
  return (
    <Section
      id="time-travel"
      title="Time travel"
      intro="Every run keeps a checkpoint after every step. Go back to any of them, change the state and run on from there; run a run again without paying for the calls that did not change; compare two runs."
    >
      <Code title="time travel API" copy>
        {CALLS}
      </Code>
      <Sub id="checkpoints" title="Checkpoints">
        <p>
          Checkpoint <C>N</C> is the state after superstep <C>N</C> (checkpoint 0: the start state) and the nodes that run next. In the Run panel, pick a row
          of the trace: <em>State at step N</em> under its details shows the checkpoint of that row’s step; any other step can be picked there.
          Checkpoints are stored as deltas: a step’s row holds only what changed (the messages appended, the channels set), with the whole value of a
          list written again every 32 appends, so a step costs the same at 10 and at 5,000 messages; reading any checkpoint gives its exact state.
        </p>
      </Sub>
      <Sub id="fork" title="Fork">
        <p>
          <em>Fork from here</em> (or <C>POST /api/runs/:id/fork</C>) starts a new run from a checkpoint. The state editor holds the checkpoint’s state as
          JSON; the channels you change are checked against the graph’s state channels like run <C>inputs</C> (a string channel takes a string, a list a
          list, <C>messages</C> items need a <C>role</C>) and a mistake is a 422 naming its path, e.g. <C>state.messages[1].role</C>. A step the run does
          not have is a 404 listing the steps it has.
        </p>
        <p>
          What runs first: without an edit, the nodes the checkpoint goes on with. With an edit, the next nodes are worked out again from the edited
          state: the edges of the nodes that finished at that step fire again on it (with their recorded outputs; an LLM router keeps the branch it
          picked, a rejected human node stays rejected), so editing a channel a branch tests takes that branch at once — fork a writer/reviewer run
          after the review with <C>verdict</C> set to <C>approve</C> and it ends there, answering with the draft. <em>Next</em> in the dialog (
          <C>next</C> in the API: a node id, a list of them run together, or <C>END</C> to finish at once) pins what runs first instead; a name that is
          not a node of the graph is a 422 naming <C>next</C>. The answer says what the fork runs first and why: <C>next</C> and <C>next_from</C> (
          <C>checkpoint</C>, <C>edited_state</C> or <C>pinned</C>). When the parent’s trace no longer holds the step, an edited fork goes on with the
          checkpoint’s nodes (<C>next_from: checkpoint</C>).
        </p>
        <p>
          <C>graph_version</C>: <C>original</C> (default) runs the version the run used, <C>current</C> the graph as it is now. The fork records its parent
          and step (<C>parent_run_id</C>, <C>forked_from_step</C>, <C>origin: fork</C> on <C>GET /api/runs/:id</C>; <C>derived_from</C> on its{' '}
          <C>run.started</C>), and the History tab lists forks and replays under the run they came from.
        </p>
      </Sub>
      <Sub id="replay" title="Replay from recordings">
        <p>
          Every model and tool call of a run is recorded in the run’s call journal, with its node and a hash of the exact request (for a model call:
          model, messages, tools, stop, temperature; for a tool call: tool and arguments), in the same transaction as the step that made it. <em>Replay</em> in the History tab (or <C>POST /api/runs/:id/replay</C>) runs the run again —
          on the current graph by default — and reuses the result of every call whose node and request match a recorded one; only calls that changed
          (a prompt edit, a fork’s state, another graph version, and everything downstream whose prompt changed with them) reach the model or the tool.
          The n-th identical call of a node gets the n-th recording. A replay of a fork starts where the fork started, with its state.
        </p>
        <Table
          testId="docs-time-travel-marks"
          head={['trace field', 'meaning']}
          rows={[
            [<C key="r">recording: recorded</C>, 'on llm.response / tool.result of a replay: the answer came from the recording; no call was made'],
            [<C key="l">recording: live</C>, 'on llm.response / tool.result of a replay: the request changed, so the model or tool was called'],
            [<C key="p">replayed: true</C>, 'recalled from the run’s own journal: its earlier attempt of the call (a resume after a crash or a pause), not time travel'],
          ]}
        />
        <p>Human nodes pause again in a replay; answers to human and client tools are recorded in the journal like tool results.</p>
      </Sub>
      <Sub id="compare" title="Compare runs">
        <p>
          Tick two runs in the History tab and choose <em>Compare the two</em> (the page <C>/runs/compare?a=&amp;b=</C>, data from{' '}
          <C>GET /api/runs/diff?a=&amp;b=</C>). Rows are aligned by step and node — a fork keeps its parent’s step numbers — and show which run ran the node,
          where its edges went, text diffs of its prompts and output, its tool calls, and token, latency and cost deltas (cost when the trace has{' '}
          <C>cost_usd</C>), with totals and the first difference.
        </p>
      </Sub>
    </Section>
  );
}
