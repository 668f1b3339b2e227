'use client';
/**
 * The editor for one graph: loads it (react-query), restores an unsaved local draft, and lays out
 * header, palette, canvas (+ YAML split), inspector and problems.
 */
import { useQuery } from '@tanstack/react-query';
import { ReactFlowProvider, useReactFlow } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import Link from 'next/link';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Canvas } from '@/components/canvas/canvas';
import { DebugPanel } from '@/components/debug/debug-panel';
import { QueryBoundary } from '@/components/ui/query-boundary';
import { RunStoreProvider } from '@/components/debug/run-store';
import { Inspector } from '@/components/inspector/inspector';
import { ProblemsList } from '@/components/inspector/problems-list';
import { Palette } from '@/components/palette/palette';
import { YamlPane } from '@/components/yaml/yaml-pane';
import { fetchGraph, type GraphRecord } from './api';
import { EditorProvider, useEditor, useEditorStore } from './state/context';
import { DockResizer, useDockHeight, useFitOnDockChange } from './dock-resizer';
import { HelpOverlay, ImportDialog } from './dialogs';
import { takeDraft } from './drafts';
import { EditorHeader } from './editor-header';
import { useTheme } from './theme';
import { useShortcuts } from './use-shortcuts';
import { useLiveValidation } from './use-validation';
import './editor.css';

export function EditorShell({ graphId }: { graphId: string }) {
  return (
    <QueryBoundary>
      <Loader graphId={graphId} />
    </QueryBoundary>
  );
}

function Loader({ graphId }: { graphId: string }) {
  const q = useQuery({
    queryKey: ['graph', graphId],
    queryFn: ({ signal }) => fetchGraph(graphId, signal),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: 1,
  });
  // The editor owns the graph once loaded: later refetches must not reset it.
  const [record, setRecord] = useState<GraphRecord | null>(null);
  useEffect(() => {
    if (q.data && !record) setRecord(q.data);
  }, [q.data, record]);

  if (q.isError && !record) {
    return (
      <div className="sy-editor-message" data-testid="editor-error">
        <h1>Could not open this graph</h1>
        <p>{q.error instanceof Error ? q.error.message : String(q.error)}</p>
        <Link href="/" className="sy-btn">
          Back to all graphs
        </Link>
      </div>
    );
  }
  if (!record) {
    return (
      <div className="sy-editor-message" data-testid="editor-loading" aria-busy="true">
        Loading graph…
      </div>
    );
  }
  return (
    <EditorProvider key={record.id} doc={record.document}>
      <ReactFlowProvider>
        <RunStoreProvider>
          <Editor graphId={graphId} base={String(record.updated_at ?? '')} />
        </RunStoreProvider>
      </ReactFlowProvider>
    </EditorProvider>
  );
}

function Editor({ graphId, base }: { graphId: string; base: string }) {
  const store = useEditorStore();
  const [theme, setTheme] = useTheme();
  const [yamlOpen, setYamlOpen] = useState(false);
  const [problemsOpen, setProblemsOpen] = useState(true);
  const [help, setHelp] = useState(false);
  const [importText, setImportText] = useState<string | null>(null);
  const [restored, setRestored] = useState(false);
  // ?run=<id> opens that run in the debug panel.
  const [runParam] = useState(() => (typeof window === 'undefined' ? undefined : (new URLSearchParams(window.location.search).get('run') ?? undefined)));

  useEffect(() => {
    const draft = takeDraft(graphId, base);
    if (draft) {
      store.getState().applyDocument(draft.doc, 'canvas');
      setRestored(true);
    }
  }, [graphId, base, store]);

  // The canvas changes width when the YAML view opens or closes: fit the graph into it again.
  const { fitView } = useReactFlow();
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) return void (firstRender.current = false);
    const raf = requestAnimationFrame(() => void fitView({ padding: 0.2, maxZoom: 1.1, duration: 200 }));
    return () => cancelAnimationFrame(raf);
  }, [yamlOpen, fitView]);
  // ...and when it changes height (the run panel opened, closed or was resized).
  const center = useRef<HTMLDivElement>(null);
  const dock = useRef<HTMLDivElement>(null);
  const dockHeight = useDockHeight();
  const runNotice = useRunNotice();
  useFitOnDockChange(dock, () => void fitView({ padding: 0.2, maxZoom: 1.1, duration: 200 }));

  const closeAll = useCallback(() => {
    setHelp(false);
    setImportText(null);
  }, []);
  const openHelp = useCallback(() => setHelp(true), []);
  useShortcuts({ onHelp: openHelp, onEscape: closeAll });

  const onFileDrop = useCallback((file: File) => {
    void file.text().then((t) => setImportText(t));
  }, []);

  return (
    <div className={`sy-editor ${yamlOpen ? 'has-yaml' : ''}`} data-testid="editor" data-theme-mode={theme}>
      <EditorHeader
        graphId={graphId}
        base={base}
        yamlOpen={yamlOpen}
        onToggleYaml={() => setYamlOpen((v) => !v)}
        onImport={() => setImportText('')}
        onHelp={openHelp}
        theme={theme}
        onTheme={setTheme}
        problemsOpen={problemsOpen}
        onToggleProblems={() => setProblemsOpen((v) => !v)}
      />
      {restored && (
        <div className="sy-banner" data-testid="draft-restored">
          Restored edits from this browser that were not saved yet.
          <button type="button" className="sy-link" onClick={() => setRestored(false)}>
            Dismiss
          </button>
        </div>
      )}
      <div className="sy-body">
        <Palette />
        <div className="sy-center" ref={center}>
          <div className="sy-work">
            <Canvas colorMode={theme} onFileDrop={onFileDrop} />
            {yamlOpen && <YamlPane theme={theme} />}
          </div>
          <DockResizer container={center} dock={dock} onResize={dockHeight.setHeight} />
          <div className="sy-debug-dock" ref={dock} style={dockHeight.style}>
            <DebugPanel graphId={graphId} runId={runParam} defaultOpen={!!runParam} runNotice={runNotice} />
          </div>
          {problemsOpen && (
            <div className="sy-problems-panel" aria-label="Problems">
              <ProblemsList />
            </div>
          )}
        </div>
        <Inspector />
      </div>
      <LiveValidation />
      {help && <HelpOverlay onClose={() => setHelp(false)} />}
      {importText !== null && <ImportDialog initialText={importText} onClose={() => setImportText(null)} />}
    </div>
  );
}

/** Runs use the saved graph: while errors keep edits from being saved, say so next to the Run button. */
function useRunNotice(): string | undefined {
  const errors = useEditor((s) => s.problems.errorCount);
  if (!errors) return undefined;
  return `The graph has ${errors} error${errors === 1 ? '' : 's'}, so your latest edits are not saved: a run uses the last saved version.`;
}

/** Validation follows every document change: kept in its own component so the shell does not re-render. */
function LiveValidation() {
  useLiveValidation();
  return null;
}
