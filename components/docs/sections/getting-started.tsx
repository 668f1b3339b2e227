/** 1. Getting started: the three things, the first run, the example graphs. */
import { C, Note, Section, Sub, Table } from '../parts';

export interface ExampleInfo {
  file: string;
  name: string;
  description: string;
  roles: string[];
}

export function GettingStarted({ examples }: { examples: ExampleInfo[] }) {
  return (
    <Section id="getting-started" title="Getting started" intro="Switchyard builds LLM agents as graphs: roles wired by edges, run on the server, traced step by step.">
      <Sub id="three-things" title="Design, YAML, run">
        <ol>
          <li>
            <strong>Design on the canvas.</strong> On <a href="/">Graphs</a>, open a graph or create one (blank or from an example). Drag roles from the
            palette, connect a node’s bottom handle to another’s top handle. Hold <kbd>Alt</kbd> while connecting (or use <em>Make conditional</em> in the
            inspector) to add a conditional branch. Select a node or edge to edit it; with nothing selected the inspector edits the graph’s models, tools,
            state channels and limits: a model’s connection is picked from the configured ones (or <em>Add connection…</em>), its model from the
            list the connection’s server gives (or typed). In a window narrower than 1440 px the palette and the inspector start folded; the inspector opens
            for the first selection. Problems show on the elements and in the problems list, a connection or model that is not there among them, with a
            fix. Every change is saved; logic changes become versions (moving
            nodes only updates the layout), and <em>Save version</em> adds one with a note. <em>History</em> lists them with what changed, diffs any two
            (<em>Compare with</em>) and restores one as a new version. Press <kbd>?</kbd> for the keyboard shortcuts.
          </li>
          <li>
            <strong>Export and import YAML.</strong> <em>Export</em> downloads the graph as YAML, <em>Import</em> takes a file, pasted text or a file dropped
            on the canvas, and the <em>YAML</em> button opens a split view that follows the canvas. The format is described <a href="#yaml">below</a>.
          </li>
          <li>
            <strong>Run and debug.</strong> The <em>Run</em> panel under the canvas takes a question (or a JSON object of inputs for state channels) and
            streams the run: the working node is highlighted, taken branches are marked, and the trace shows every model call, tool call, branch and state
            change. Once the run finished its answer comes first, in a card with <em>Copy</em>. The header’s <em>Run</em> runs the box’s question; with
            the panel folded it opens the panel at the box first. Human steps and <a href="#breakpoints">breakpoints</a> are answered there; each run also has its own page at <C>/runs/&lt;id&gt;</C>.
          </li>
        </ol>
      </Sub>
      <Sub id="first-run" title="Your first run">
        <p>
          A graph never holds an endpoint or a key: its <C>models:</C> entries name a <em>connection</em>, and nodes use <C>models.default</C> unless they
          name another model. Configure the <C>default</C> connection in one of two ways:
        </p>
        <Table
          head={['Where', 'How']}
          rows={[
            [
              'Environment',
              <>
                <C>OPENAI_API_KEY</C> and/or <C>OPENAI_BASE_URL</C> (any OpenAI-compatible server, e.g. <C>http://localhost:11434/v1</C> for Ollama) make the
                read-only <C>default</C> connection.
              </>,
            ],
            [
              'Settings',
              <>
                On <a href="/settings">Settings</a>, add connections (name, base URL, key, headers) and <em>Test</em> them. Keys are write-only: never
                shown again, never exported.
              </>,
            ],
          ]}
        />
        <p>
          Then open an example, type a question in the Run panel and press Run. Web search needs <C>SERPER_API_KEY</C> (or a SearXNG instance); tools
          that call private or local addresses need <C>SWITCHYARD_ALLOWED_HOSTS</C> (see <a href="#tools">Tools</a>).
        </p>
        <p>
          Model connections obey the same outbound address policy as tools: a connection saved in Settings whose base URL is a private, loopback or
          link-local address (a local Ollama, the cloud metadata address) is refused — its runs fail with <C>ssrf_blocked</C> and <em>Test</em> says{' '}
          <em>Blocked</em> with the entry to add — unless the operator allows it, e.g. <C>SWITCHYARD_ALLOWED_HOSTS=localhost:11434</C> for Ollama (an
          entry with a port allows that port only). The host of <C>OPENAI_BASE_URL</C> is allowed without it: the operator configured it.
        </p>
        <p>
          No key yet? When a graph’s connection is not configured, the Run panel offers <em>Run with the demo model</em> (scripted replies, not a language
          model; never chosen for you: pressing Run first points at the offer). Tick it and pick one of its scripted inputs to watch an example run live;
          forks and replays of a demo run use the demo too.
        </p>
      </Sub>
      <Sub id="examples" title="Example graphs">
        <p>
          The files in <C>examples/</C> are added to the graph list on first start (an example you delete stays deleted) and are offered as templates by{' '}
          <em>New graph</em>.
        </p>
        <Table
          testId="docs-examples"
          head={['Graph', 'Roles', 'What it shows']}
          rows={examples.map((e) => [<C key="n">{e.name}</C>, e.roles.join(', '), e.description])}
        />
        <Note>
          Start with <C>writer-reviewer</C>: two agents and one conditional edge. Its YAML is explained line by line in <a href="#yaml">The YAML format</a>.
        </Note>
      </Sub>
    </Section>
  );
}
