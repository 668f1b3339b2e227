'use client';
/**
 * "Use this graph" (issue 22, part 4): how to call the graph from code, with the origin this page
 * was loaded from (never a hard-coded host), a button that creates an API key (shown once, as the
 * `export` line the snippets read), and copyable snippets from lib/snippets (curl, JavaScript and
 * Python with the official openai clients, MCP client configuration).
 */
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { API_KEY_ENV, graphSnippets, type SnippetId } from '@/lib/snippets';
import { useCreateKey, usePublication } from './api';
import { CodeBlock } from './code-block';
import s from './publish.module.css';

export function UseGraphButton({ graphId, graphName }: { graphId: string; graphName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="sy-btn" data-testid="use-graph-open" title="Call this graph from code: API key and snippets" onClick={() => setOpen(true)}>
        Use
      </button>
      {open ? <UseGraphDialog graphId={graphId} graphName={graphName} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function UseGraphDialog({ graphId, graphName, onClose }: { graphId: string; graphName: string; onClose(): void }) {
  const [origin, setOrigin] = useState('');
  const [tab, setTab] = useState<SnippetId>('curl');
  const pub = usePublication(graphId);
  const key = useCreateKey();
  useEffect(() => setOrigin(window.location.origin), []);
  const snippets = origin ? graphSnippets({ origin, model: graphName }) : [];
  const shown = snippets.find((x) => x.id === tab);
  const live = pub.data?.published;

  return (
    <Dialog
      open
      onClose={onClose}
      wide
      title="Use this graph"
      description={
        <>
          An OpenAI-compatible API at <code data-testid="use-graph-origin">{origin}/api/v1</code> (model <code>{graphName}</code>) and an MCP server at <code>{origin}/api/mcp</code>.{' '}
          {live ? `Callers get the published version ${live.version}.` : 'Callers get the newest version (publish one to freeze it).'}
        </>
      }
      data-testid="use-graph-dialog"
      footer={
        <Button variant="ghost" onClick={onClose}>
          Close
        </Button>
      }
    >
      <div className={s.status}>
        <span className={s.row}>
          <span>
            The snippets read your API key from <code>{API_KEY_ENV}</code>.
          </span>
          <Button size="sm" busy={key.isPending} disabled={!!key.data} onClick={() => key.mutate(`${graphName} (Use this graph)`)} data-testid="use-graph-create-key">
            Create an API key
          </Button>
        </span>
        {key.error ? (
          <span className={s.error} role="alert">
            {key.error.message}
          </span>
        ) : null}
        {key.data ? (
          <>
            <span className={s.muted}>Copy it now: it is not shown again (Settings → API keys lists and revokes it).</span>
            <CodeBlock code={`export ${API_KEY_ENV}=${key.data.secret}`} label="API key" testId="use-graph-key" />
          </>
        ) : null}
      </div>
      <div className={s.tabs} role="tablist" aria-label="Snippet language">
        {snippets.map((x) => (
          <button key={x.id} type="button" role="tab" aria-selected={x.id === tab} className={s.tab} onClick={() => setTab(x.id)} data-testid={`use-graph-tab-${x.id}`}>
            {x.label}
          </button>
        ))}
      </div>
      {shown ? (
        <>
          <p className={s.muted}>{shown.hint}</p>
          <CodeBlock code={shown.code} label={`${shown.label} snippet`} testId={`use-graph-snippet-${shown.id}`} />
        </>
      ) : null}
    </Dialog>
  );
}
