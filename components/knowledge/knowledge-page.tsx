'use client';
/**
 * /knowledge (issue 23): the workspace's knowledge bases. Pick or create a base; drop files on it
 * (each with its upload progress, then its status live: parsing, embedding n/m, ready or failed
 * with the reason); the document list with chunk counts; "Try a query" shows the ranked passages
 * with their scores. Agents use a base through a `knowledge` tool (the Tools docs).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type DragEvent } from 'react';
import { AppHeader } from '@/components/ui/app-header';
import { Button } from '@/components/ui/button';
import type { KnowledgeBaseView, KnowledgeDocumentView, KnowledgeMode } from '@/lib/contracts/knowledge';
import { createBase, deleteDocument, fetchBases, fetchDocuments, queryBase, uploadDocument } from './knowledge-api';
import s from './knowledge.module.css';

const BASES_KEY = ['knowledge-bases'] as const;

function Bar({ fraction }: { fraction: number }) {
  return (
    <span className={s.bar} role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(fraction * 100)}>
      <span className={s.barFill} style={{ width: `${Math.round(fraction * 100)}%` }} />
    </span>
  );
}

function Status({ doc }: { doc: KnowledgeDocumentView }) {
  if (doc.status === 'ready') return <span className={s.ready}>ready</span>;
  if (doc.status === 'failed') return <span className={s.failed}>failed</span>;
  const fraction = doc.progress.total ? doc.progress.done / doc.progress.total : 0;
  return (
    <span className={s.status}>
      {doc.status}
      {doc.status === 'embedding' ? ` ${doc.progress.done}/${doc.progress.total}` : ''}
      <Bar fraction={fraction} />
    </span>
  );
}

interface Upload {
  key: string;
  name: string;
  fraction: number;
  error?: string;
}

function Documents({ base }: { base: KnowledgeBaseView }) {
  const qc = useQueryClient();
  const docsKey = ['knowledge-documents', base.name];
  const docs = useQuery({
    queryKey: docsKey,
    queryFn: ({ signal }) => fetchDocuments(base.name, signal),
    // Live status while anything is being indexed.
    refetchInterval: (q) => (q.state.data?.documents.some((d) => d.status !== 'ready' && d.status !== 'failed') ? 700 : false),
  });
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [over, setOver] = useState(false);
  const remove = useMutation({
    mutationFn: (id: string) => deleteDocument(base.name, id),
    onSuccess: () => void qc.invalidateQueries({ queryKey: docsKey }),
  });

  const add = (files: File[]) => {
    for (const file of files) {
      const key = `${file.name}-${Math.random()}`;
      setUploads((u) => [...u, { key, name: file.name, fraction: 0 }]);
      const set = (patch: Partial<Upload>) => setUploads((u) => u.map((x) => (x.key === key ? { ...x, ...patch } : x)));
      uploadDocument(base.name, file, (fraction) => set({ fraction }))
        .then(() => {
          setUploads((u) => u.filter((x) => x.key !== key));
          void qc.invalidateQueries({ queryKey: docsKey });
          void qc.invalidateQueries({ queryKey: BASES_KEY });
        })
        .catch((err: Error) => set({ error: err.message, fraction: 1 }));
    }
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    add([...e.dataTransfer.files]);
  };

  return (
    <section className={s.panel} data-testid="knowledge-documents">
      <h2 className={s.panelTitle}>Documents</h2>
      <div
        className={`${s.drop} ${over ? s.dropActive : ''}`}
        data-testid="knowledge-drop"
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <span>Drop PDF, DOCX, HTML, Markdown, text, CSV or JSON files here</span>
        <label>
          or <input type="file" multiple data-testid="knowledge-file-input" onChange={(e) => add([...(e.target.files ?? [])])} />
        </label>
      </div>
      {uploads.length ? (
        <ul className={s.hits} data-testid="knowledge-uploads">
          {uploads.map((u) => (
            <li key={u.key} className={s.status} data-testid="knowledge-upload">
              {u.name} {u.error ? <span className={s.error} role="alert">{u.error}</span> : <Bar fraction={u.fraction} />}
            </li>
          ))}
        </ul>
      ) : null}
      <table className={s.table} style={{ marginTop: 12 }}>
        <thead>
          <tr>
            <th>Name</th>
            <th>Status</th>
            <th>Chunks</th>
            <th>Size</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {(docs.data?.documents ?? []).map((d) => (
            <tr key={d.id} data-testid="knowledge-document" data-name={d.name} data-status={d.status}>
              <td>
                {d.name}
                {d.error ? <div className={s.error}>{d.error}</div> : null}
              </td>
              <td>
                <Status doc={d} />
              </td>
              <td>{d.chunks}</td>
              <td className={s.muted}>{d.size < 1024 ? `${d.size} B` : `${Math.round(d.size / 1024)} KiB`}</td>
              <td>
                <Button size="sm" variant="ghost-danger" busy={remove.isPending && remove.variables === d.id} onClick={() => remove.mutate(d.id)}>
                  Delete
                </Button>
              </td>
            </tr>
          ))}
          {docs.data && !docs.data.documents.length ? (
            <tr>
              <td colSpan={5} className={s.muted}>
                No documents yet.
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </section>
  );
}

function TryQuery({ base }: { base: KnowledgeBaseView }) {
  const [text, setText] = useState('');
  const [mode, setMode] = useState<KnowledgeMode | ''>('');
  const run = useMutation({ mutationFn: () => queryBase(base.name, text.trim(), mode || undefined) });
  return (
    <section className={s.panel} data-testid="knowledge-query">
      <h2 className={s.panelTitle}>Try a query</h2>
      <form
        className={s.queryRow}
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim()) run.mutate();
        }}
      >
        <input className={s.input} value={text} onChange={(e) => setText(e.target.value)} placeholder="Ask something your documents answer" data-testid="knowledge-query-input" />
        <select className={s.input} style={{ width: 170 }} value={mode} onChange={(e) => setMode(e.target.value as KnowledgeMode | '')} aria-label="Mode" data-testid="knowledge-query-mode">
          <option value="">{base.embedding ? 'hybrid' : 'keyword'} (default)</option>
          <option value="keyword">keyword</option>
          {base.embedding ? <option value="vector">vector</option> : null}
          {base.embedding ? <option value="hybrid">hybrid</option> : null}
        </select>
        <Button variant="primary" type="submit" busy={run.isPending} data-testid="knowledge-query-run">
          Search
        </Button>
      </form>
      {run.isError ? <p className={s.error} role="alert">{(run.error as Error).message}</p> : null}
      {run.data ? (
        <ol className={s.hits} data-testid="knowledge-hits">
          {run.data.hits.map((h, i) => (
            <li key={`${h.document.id}-${h.position}`} className={s.hit} data-testid="knowledge-hit">
              <div className={s.hitHead}>
                <span>
                  {i + 1}. <strong>{h.document.name}</strong>
                  {h.section ? ` › ${h.section}` : ''}
                  {h.page !== null ? `, p. ${h.page}` : ''}
                </span>
                <span>score {h.score.toFixed(4)}</span>
              </div>
              <p className={s.hitText}>{h.text}</p>
            </li>
          ))}
          {!run.data.hits.length ? <li className={s.muted}>No passage matches.</li> : null}
        </ol>
      ) : null}
    </section>
  );
}

function NewBase({ onCreated }: { onCreated: (name: string) => void }) {
  const qc = useQueryClient();
  const [name, setName] = useState('');
  const [connection, setConnection] = useState('');
  const [model, setModel] = useState('');
  const create = useMutation({
    mutationFn: () => createBase({ name: name.trim(), ...(connection.trim() && model.trim() ? { embedding: { connection: connection.trim(), model: model.trim() } } : {}) }),
    onSuccess: (b) => {
      setName('');
      void qc.invalidateQueries({ queryKey: BASES_KEY });
      onCreated(b.name);
    },
  });
  return (
    <form
      className={s.newForm}
      onSubmit={(e) => {
        e.preventDefault();
        create.mutate();
      }}
    >
      <input className={s.input} value={name} onChange={(e) => setName(e.target.value)} placeholder="new-base-name" aria-label="Name" data-testid="knowledge-new-name" />
      <input className={s.input} value={connection} onChange={(e) => setConnection(e.target.value)} placeholder="embedding connection (optional)" aria-label="Embedding connection" />
      <input className={s.input} value={model} onChange={(e) => setModel(e.target.value)} placeholder="embedding model (optional)" aria-label="Embedding model" />
      <Button variant="primary" type="submit" busy={create.isPending} disabled={!name.trim()} data-testid="knowledge-create">
        Create base
      </Button>
      {create.isError ? <p className={s.error} role="alert">{(create.error as Error).message}</p> : null}
    </form>
  );
}

export function KnowledgePage() {
  const list = useQuery({ queryKey: BASES_KEY, queryFn: ({ signal }) => fetchBases(signal) });
  const [picked, setPicked] = useState<string | null>(null);
  const bases = list.data?.knowledge_bases ?? [];
  const current = bases.find((b) => b.name === picked) ?? bases[0];
  return (
    <>
      <AppHeader />
      <main className={s.page} data-testid="knowledge-page">
        <div className={s.titleRow}>
          <div>
            <h1 className={s.title}>Knowledge</h1>
            <p className={s.subtitle}>
              Your documents, indexed for agents: an agent searches a base through a <code>knowledge</code> tool (
              <code>tools: {'{ faq: { type: knowledge, knowledge_base: name } }'}</code>) and cites the documents it answers from. Without an
              embedding model a base is searched by keyword and needs no key.
            </p>
          </div>
        </div>
        <div className={s.layout}>
          <nav className={s.bases} aria-label="Knowledge bases" data-testid="knowledge-bases">
            {bases.map((b) => (
              <button key={b.id} type="button" className={s.baseButton} aria-current={b.name === current?.name} onClick={() => setPicked(b.name)} data-testid="knowledge-base" data-name={b.name}>
                <span>{b.name}</span>
                <span className={s.count}>{b.documents ?? 0} docs</span>
              </button>
            ))}
            {list.data && !bases.length ? <p className={s.muted}>No knowledge base yet.</p> : null}
            <NewBase onCreated={setPicked} />
          </nav>
          {current ? (
            <div className={s.detail}>
              <p className={s.muted} style={{ margin: 0 }}>
                <strong style={{ color: 'var(--text)' }}>{current.title || current.name}</strong> ·{' '}
                {current.embedding ? `embeddings: ${current.embedding.connection} / ${current.embedding.model}` : 'keyword only'} · chunks of{' '}
                {current.chunking.target_chars} characters, overlap {current.chunking.overlap} · {current.chunks ?? 0} chunks
              </p>
              <Documents key={`d-${current.name}`} base={current} />
              <TryQuery key={`q-${current.name}`} base={current} />
            </div>
          ) : null}
        </div>
      </main>
    </>
  );
}
