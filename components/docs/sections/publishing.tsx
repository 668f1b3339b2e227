/** API › Publish, share and embed (issue 22): the published version, the public chat, embedding, and calling a graph from code. */
import { embedSnippets, graphSnippets } from '@/lib/snippets';
import { C, Code, Note, Sub, Table } from '../parts';

const ORIGIN = 'https://switchyard.example';
const PYTHON = graphSnippets({ origin: ORIGIN, model: 'support-bot' }).find((s) => s.id === 'python')!.code;
const EMBED = embedSnippets(ORIGIN, '<share token>');

export function PublishingDocs() {
  return (
    <Sub id="publish-share" title="Publish, share and embed">
      <p>
        <strong>Publish</strong> (editor header) makes the newest saved version, with a note, the version that <C>/api/v1</C>, MCP, A2A and the public
        chat run; the editor and its Run keep using the newest. The version history marks the live version and can publish an older one (a rollback). A
        graph never published runs its newest version everywhere, as before.
      </p>
      <Table
        head={['Method and path', 'Does']}
        rows={[
          [<C key="p">GET /api/graphs/:id/publish</C>, <>The live version <C>{'{ published: { version, note, published_by, published_at } | null, newest_version }'}</C>.</>],
          [<C key="p">POST /api/graphs/:id/publish</C>, <><C>{'{ version, note? }'}</C>: publish (an older version: roll back). Editor role; 404 for an unknown version.</>],
          [<C key="p">DELETE /api/graphs/:id/publish</C>, 'Unpublish: outside callers run the newest version again.'],
          [<C key="p">GET/PUT /api/graphs/:id/share</C>, <>The public chat: <C>{'{ access: "off" | "signed_in" | "link", welcome, suggestions, allowed_origins, visitor_per_minute, daily_cost_usd, regenerate_token? }'}</C>.</>],
        ]}
      />
      <p>
        <strong>Share</strong> turns on the graph’s public chat at <C>/c/&lt;token&gt;</C> (an unguessable token; “New link” retires the old one): for
        signed-in users of the server or anyone with the link. Visitors see the title, your welcome message and suggested prompts, and keep their
        conversation (a cookie); editors see their turns as runs marked <C>public</C>. Visitors get the conversation only — never traces, prompts, tool
        calls, connection names or error details. Each visitor may send <C>visitor_per_minute</C> messages a minute (then “slow down”, 429), and the
        chat stops for the day once its public runs cost <C>daily_cost_usd</C> (“unavailable”, 503). With sharing off the link is a 404.
      </p>
      <p>To embed the chat, add the site’s origin to “Sites that may embed it” (only those may frame it or call its API), then paste one of:</p>
      <Code title="chat bubble" copy testId="docs-embed-script">
        {EMBED.script}
      </Code>
      <Code title="iframe" copy testId="docs-embed-iframe">
        {EMBED.iframe}
      </Code>
      <p>
        <strong>Use</strong> (editor header) shows how to call the graph from code with this server’s own address: it creates an API key and gives curl,
        JavaScript and Python (the official <C>openai</C> clients) and an MCP client configuration. For example, in Python:
      </p>
      <Code title="Python" copy testId="docs-python-snippet">
        {PYTHON}
      </Code>
      <Note>
        Replace <C>{ORIGIN}</C> with your server’s address; the snippets read the key from <C>SWITCHYARD_API_KEY</C>.
      </Note>
    </Sub>
  );
}
