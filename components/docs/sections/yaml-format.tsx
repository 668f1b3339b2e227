/** 7. The YAML format: the writer-reviewer example annotated block by block, importer safety, /api/schema. */
import { C, Code, Note, Rich, Section } from '../parts';
import s from '../docs.module.css';

/** What each top-level key of a graph document is. */
const KEY_NOTES: Record<string, string> = {
  switchyard: 'The format version (1). Older versions are migrated on import.',
  name: 'The graph’s unique name: letters, digits, ., _ and - (the model id of the OpenAI-compatible API).',
  description: 'Free text, shown in the graph list and as the model’s description.',
  models: 'Model settings by key: connection (configured by the operator, never a URL or key), model, temperature, top_p, max_tokens. Nodes use `default` unless they name another.',
  tools: 'The tools nodes may use, by id (see Tools).',
  state: 'Declared state channels with type, reducer, default and description (input and messages always exist).',
  nodes: 'The nodes by id, each with a role and that role’s fields (see Roles).',
  edges: 'Plain edges and conditional edges with branches tried in order (see Edges).',
  output: 'The run’s answer: a state channel name or a CEL expression over `state`. Without it, the last message of a node that answers in `messages` (see State channels).',
  limits: 'recursion_limit (supersteps, default 25), timeout_s (default 300), max_tokens, max_cost_usd, max_model_calls (none by default; see Cost and budgets).',
  layout: 'Canvas positions only; logic never depends on it.',
};

/** Splits a document into its top-level blocks (a key line and the lines under it). */
export function topLevelBlocks(text: string): { key: string; text: string }[] {
  const out: { key: string; text: string }[] = [];
  for (const line of text.replace(/\n+$/, '').split('\n')) {
    const m = /^([A-Za-z_][\w-]*):/.exec(line);
    if (m || !out.length) out.push({ key: m?.[1] ?? '', text: line });
    else out[out.length - 1].text += `\n${line}`;
  }
  return out;
}

export function YamlFormat({ example }: { example: string }) {
  return (
    <Section
      id="yaml"
      title="The YAML format"
      intro="A graph is a small, versioned YAML document. Export then import gives the same text, so it diffs well in git."
    >
      <p>
        The example <C>writer-reviewer</C>, block by block (<C>examples/writer-reviewer.yaml</C>):
      </p>
      <div className={s.annotated} data-testid="docs-yaml-example">
        {topLevelBlocks(example).map((b, i) => (
          <div key={i} className={s.annotatedBlock}>
            {KEY_NOTES[b.key] ? (
              <p className={s.annotation}>
                <strong>{b.key}</strong> · <Rich text={KEY_NOTES[b.key]} />
              </p>
            ) : null}
            <Code>{b.text}</Code>
          </div>
        ))}
      </div>
      <p>The importer is strict, and nothing is saved unless the whole file is valid:</p>
      <ul>
        <li>at most 1 MiB, one document, no custom tags, no anchors or aliases, no merge keys (&lt;&lt;), no directives, bounded nesting;</li>
        <li>unique keys; <C>__proto__</C>, <C>constructor</C> and <C>prototype</C> keys are refused; unknown keys are errors;</li>
        <li>
          every problem is reported with its line, column and path, all at once: the checks run in passes (YAML, the fields, the graph rules), and a field
          that is only out of its format or range (a name with a space, an unknown key) does not stop the graph rules;
        </li>
        <li>
          no secrets: models name connections, and header values of http and openapi tools must be <C>{'${env:TOOL_…}'}</C> references (but for plain headers such as <C>Accept</C>).
        </li>
      </ul>
      <Note>
        The complete, machine-readable definition is the JSON Schema at{' '}
        <a href="/api/schema" target="_blank" rel="noreferrer" data-testid="docs-schema-link">
          /api/schema
        </a>{' '}
        (generated from the same zod schema the importer uses). Point your editor’s YAML language server at it for completion.
      </Note>
    </Section>
  );
}
