/** 6c. Guards and structured output: `guards:` on nodes and the graph, `output_schema:`. */
import { C, Code, Section, Table } from '../parts';

const GUARDS_YAML = `guards:                         # the whole run: its input and its answer
  input: [{ check: pii }]       # redact emails, phones, cards, IBANs, national ids
nodes:
  assistant:
    role: agent
    guards:
      input:
        - { check: injection, model: judge, threshold: 0.8, action: flag }
      output:
        - { check: moderation, categories: [violence, hate], threshold: 0.5 }
        - { check: max_chars, max: 4000 }
        - { check: regex, pattern: "(?i)internal use only" }
  refuse:
    role: agent
    system_prompt: Politely decline.
edges:
  - { from: START, to: assistant }
  - from: assistant
    branches:
      - { when: guard.failed, to: refuse }   # the verdict routes
      - { else: END }
  - { from: refuse, to: END }`;

const STRUCTURED_YAML = `state:
  facts: { type: json }
nodes:
  extract:
    role: agent
    output_schema:
      type: object
      properties:
        city: { type: string }
        population: { type: integer }
      required: [city, population]
    output: facts                 # the parsed object lands here`;

export function Guards() {
  return (
    <Section
      id="guards"
      title="Guards and structured output"
      intro="Checks between the visitor’s text and the model, and between the model’s text and the visitor; and answers as JSON objects of a schema."
    >
      <Code title="guards">{GUARDS_YAML}</Code>
      <p>
        <C>guards: {'{ input, output }'}</C> goes on agents, planners, executors, supervisors and on the graph itself. Input checks run, in order, before the
        node (before any model call): they judge its task, and a redaction masks its task, the user’s messages and the string channels it sees. Output checks
        run on its answer before it is written to state; that answer is then not streamed as the answer. On the graph, they run on the run’s input before any
        node and on its answer.
      </p>
      <Table
        testId="docs-guards"
        head={['check', 'What fails it', 'default action']}
        rows={[
          [<C key="c">pii</C>, 'emails, phone numbers, payment cards (Luhn-checked), IBANs (mod-97-checked), US SSNs and UK NI numbers; kinds: email, phone, card, iban, national_id. Patterns run on RE2 (linear time).', 'redact'],
          [<C key="c">moderation</C>, 'the connection’s /moderations scores a category (categories, default all) at or above threshold (default 0.5); model: an entry of models (default: the node’s model’s connection)', 'block'],
          [<C key="c">injection</C>, 'an LLM judge (model: an entry of models) with a fixed, versioned prompt (injection-judge/v1) scores the text at or above threshold (default 0.5)', 'block'],
          [<C key="c">json_schema</C>, 'the text is not JSON matching schema', 'block'],
          [<C key="c">max_chars</C>, 'the text is longer than max characters', 'block'],
          [<C key="c">regex</C>, 'pattern (RE2) matches (with must_match: true, does not match); action redact masks what matched', 'block'],
        ]}
      />
      <p>
        Actions: <C>redact</C> masks and goes on, <C>flag</C> records and goes on, <C>block</C> ends the step with <C>message</C> (or one naming the check and
        why). A node with a conditional edge answers that message and the edge routes; otherwise the run fails with code <C>guard_blocked</C>. In edge
        conditions, <C>guard</C> is <C>{'{ failed, blocked, redacted, checks, reason }'}</C> of the node that just ran (on START’s edges: the graph’s input
        guards). Guards fail closed: a judge or /moderations that cannot be reached, or a judgement that cannot be read, fails the run with{' '}
        <C>guard_unavailable</C>, never a silent pass. Every verdict is a <C>guard.verdict</C> event with what matched, masked (never the matched text).
      </p>
      <Code title="output_schema">{STRUCTURED_YAML}</Code>
      <p>
        <C>output_schema</C> (agents, planners, LLM routers; top level <C>type: object</C>) is sent as <C>response_format: json_schema</C> where the node’s
        connection supports it (a connection saved with <C>supports.json_schema: false</C> does not); otherwise the prompt asks for JSON matching it. The
        reply is parsed and validated (Ajv, patterns on RE2); one that does not match gets one repair call telling the model what is wrong, then the node fails
        with <C>output_invalid</C>. Each check is an <C>output.validated</C> event. The parsed object is the node’s output and goes to its <C>output</C>{' '}
        channel; a router’s object must have a <C>label</C> (its branch).
      </p>
    </Section>
  );
}
