'use client';
/**
 * The editor for one graph: loads it (react-query), restores an unsaved local draft, and lays out
 * header, palette, canvas (+ YAML split), inspector and problems.
 */
import { useQuery } from '@tanstack/react-query';
import { ReactFlowProvider } from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Canvas } from '@/components/canvas/canvas';
import { useFit } from '@/components/canvas/fit';
import { QueryBoundary } from '@/components/ui/query-boundary';
import { RunStoreProvider } from '@/components/debug/run-store';
import { Inspector } from '@/components/inspector/inspector';
import { ProblemsList } from '@/components/inspector/problems-list';
import { Palette } from '@/components/palette/palette';
import { ApiError, fetchGraph, type GraphRecord } from './api';
import { EditorProvider, useEditor, useEditorStore } from './state/context';
import { DockResizer, useDockHeight, useFitOnDockChange } from './dock-resizer';
import { takeDraft } from './drafts';
import { EditorHeader } from './editor-header';
import { inspectorOpen, paletteOpen, runFocus, runPanelOpen } from './persisted-flags';
import { useTheme } from './theme';
import { useShortcuts } from './use-shortcuts';
import { useLiveValidation } from './use-validation';
import './editor.css';

// Loaded when first opened: CodeMirror and the YAML codec stay out of the editor's first load.
const YamlPane = dynamic(() => import('@/components/yaml/yaml-pane').then((m) => m.YamlPane), {
  ssr: false,
  loading: () => (
    <section className="sy-yaml" data-testid="yaml-loading" aria-busy="true">
      <div className="sy-yaml-head">Loading the YAML editor…</div>
    </section>
  ),
});
const ImportDialog = dynamic(() => import('./import-dialog').then((m) => m.ImportDialog), { ssr: false });
// Not on the first paint either: the run panel's internals (a folded bar stands in while they load),
// dialogs and commands opened by the user, the page for an unknown graph.
const EditorDebugPanel = dynamic(() => import('./editor-debug-panel').then((m) => m.EditorDebugPanel), {
  ssr: false,
  loading: () => (
    <section className="sy-debug-loading" data-testid="debug-panel-loading" aria-busy="true" aria-label="Run and debug">
      <h2>Run</h2>
    </section>
  ),
});
const HelpOverlay = dynamic(() => import('./help-overlay').then((m) => m.HelpOverlay), { ssr: false });
const ConnectCommand = dynamic(() => import('@/components/canvas/connect-command').then((m) => m.ConnectCommand), { ssr: false });
// Connections and models the graph names that are not configured here (./use-setup-problems.ts): after the first paint.
const SetupProblems = dynamic(() => import('./setup-problems-watch').then((m) => m.SetupProblems), { ssr: false });
const NotFoundView = dynamic(() => import('@/components/ui/not-found-view').then((m) => m.NotFoundView), { ssr: false });

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
    retry: (failures, err) => failures < 1 && !(err instanceof ApiError && err.status === 404),
  });
  // The editor owns the graph once loaded: later refetches must not reset it.
  const [record, setRecord] = useState<GraphRecord | null>(null);
  useEffect(() => {
    if (q.data && !record) setRecord(q.data);
  }, [q.data, record]);

  if (q.isError && !record && q.error instanceof ApiError && q.error.status === 404) {
    return (
      <NotFoundView title="No such graph" testId="graph-not-found">
        There is no graph <code>{graphId}</code>: the link may be mistyped, or the graph was deleted. Open one from the list,
        or create a new one there.
      </NotFoundView>
    );
  }
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
    // A working draft (an edit that did not validate, issue 12) is what the author was editing: open it.
    <EditorProvider key={record.id} doc={(record.draft?.document as typeof record.document | undefined) ?? record.document}>
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
  const [connecting, setConnecting] = useState(false);
  const [importText, setImportText] = useState<string | null>(null);
  const [restored, setRestored] = useState(false);
  const [panelOpen, setPanelOpen] = runPanelOpen.useFlag();
  const [focus, setFocus] = runFocus.useFlag();
  const [palette, setPalette] = paletteOpen.useFlag();
  const [inspector, setInspector] = inspectorOpen.useFlag();
  const [runRequest, setRunRequest] = useState(0);
  const [inputRequest, setInputRequest] = useState(0);
  // ?run=<id> opens that run in the debug panel.
  const [runParam] = useState(() => (typeof window === 'undefined' ? undefined : (new URLSearchParams(window.location.search).get('run') ?? undefined)));
  useEffect(() => {
    if (runParam) setPanelOpen(true);
  }, [runParam, setPanelOpen]);

  useEffect(() => {
    const draft = takeDraft(graphId, base);
    if (draft) {
      store.getState().applyDocument(draft.doc, 'canvas');
      setRestored(true);
    }
  }, [graphId, base, store]);

  // The canvas changes size when a side panel or the YAML view opens or closes: fit the graph into it again.
  const fit = useFit();
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) return void (firstRender.current = false);
    const raf = requestAnimationFrame(() => fit(200));
    return () => cancelAnimationFrame(raf);
  }, [yamlOpen, palette, inspector, focus, fit]);
  // ...and when it changes height (the run panel opened, closed or was resized).
  const center = useRef<HTMLDivElement>(null);
  const dock = useRef<HTMLDivElement>(null);
  const dockHeight = useDockHeight();
  useFitOnDockChange(dock, () => fit(200));

  const closeAll = useCallback(() => {
    setHelp(false);
    setImportText(null);
    setConnecting(false);
  }, []);
  const openHelp = useCallback(() => setHelp(true), []);
  const requestRun = useCallback(() => {
    setPanelOpen(true);
    setRunRequest((n) => n + 1);
  }, [setPanelOpen]);
  // The header's Run with the panel folded opens it at the input (a run needs a question), not a run of a made-up one.
  const headerRun = useCallback(() => {
    if (runPanelOpen.get()) return requestRun();
    setPanelOpen(true);
    setInputRequest((n) => n + 1);
  }, [requestRun, setPanelOpen]);
  const openConnect = useCallback(() => setConnecting(true), []);
  useShortcuts({ onHelp: openHelp, onEscape: closeAll, onRun: requestRun, onConnect: openConnect, onFit: fit });

  const onFileDrop = useCallback((file: File) => {
    void file.text().then((t) => setImportText(t));
  }, []);

  const skipToCanvas = (e: React.MouseEvent) => {
    e.preventDefault();
    const first = document.querySelector<HTMLElement>('[data-testid="canvas"] .react-flow__node');
    (first ?? document.getElementById('canvas'))?.focus();
  };

  const cls = ['sy-editor', yamlOpen && 'has-yaml', !palette && 'no-palette', !inspector && 'no-inspector', focus && panelOpen && 'is-run-focus'].filter(Boolean).join(' ');
  return (
    <div className={cls} data-testid="editor" data-theme-mode={theme}>
      <a href="#canvas" className="sy-skip-link" data-testid="skip-to-canvas" onClick={skipToCanvas}>
        Skip to canvas
      </a>
      <EditorHeader
        graphId={graphId}
        base={base}
        yamlOpen={yamlOpen}
        onToggleYaml={() => setYamlOpen((v) => !v)}
        onImport={() => setImportText('')}
        onHelp={openHelp}
        onRun={headerRun}
        onFit={fit}
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
        <Palette collapsed={!palette} onToggle={() => setPalette((v) => !v)} />
        <div className="sy-center" ref={center} style={dockHeight.style}>
          <div className="sy-work">
            <div className="sy-canvas-slot">
              <Canvas colorMode={theme} onFileDrop={onFileDrop} />
              {connecting && <ConnectCommand onClose={() => setConnecting(false)} />}
            </div>
            {yamlOpen && <YamlPane theme={theme} />}
          </div>
          <DockResizer container={center} dock={dock} onResize={dockHeight.setHeight} />
          <div className="sy-debug-dock" ref={dock}>
            <EditorDebugPanel
              graphId={graphId}
              runId={runParam}
              open={panelOpen}
              onOpenChange={setPanelOpen}
              runRequest={runRequest}
              inputRequest={inputRequest}
              focus={focus}
              onFocusChange={setFocus}
            />
          </div>
          {problemsOpen && (
            <div className="sy-problems-panel" aria-label="Problems">
              <ProblemsList />
            </div>
          )}
        </div>
        <Inspector collapsed={!inspector} onToggle={() => setInspector((v) => !v)} />
      </div>
      <LiveValidation />
      <InspectorOnSelect />
      <SetupProblems />
      {help && <HelpOverlay onClose={() => setHelp(false)} />}
      {importText !== null && <ImportDialog initialText={importText} onClose={() => setImportText(null)} />}
    </div>
  );
}

/**
 * A folded inspector the user never folded (a narrow window starts that way) opens for the first
 * selection: editing a node needs it. Not remembered, so the next visit starts folded again.
 */
function InspectorOnSelect() {
  const selected = useEditor((s) => s.nodes.some((n) => n.selected) || s.edges.some((e) => e.selected));
  useEffect(() => {
    if (selected && !inspectorOpen.get() && !inspectorOpen.chosen()) inspectorOpen.setForNow(true);
  }, [selected]);
  return null;
}

/** Validation follows every document change: kept in its own component so the shell does not re-render. */
function LiveValidation() {
  useLiveValidation();
  return null;
}
