'use client';
/** The editor's header: graph name (rename), save state, Publish, Run, history, layout, YAML, export, import, tests, Share, Use this graph, help, theme. */
import Link from 'next/link';
import { VersionHistoryButton } from '@/components/versions/version-history-button';
import { SaveVersionButton } from '@/components/versions/save-version-dialog';
import { TestsButton } from '@/components/tests/tests-button';
import dynamic from 'next/dynamic';
import { GRAPH_NAME_RULE, isGraphName } from '@/lib/graph/constants';
import { editorToDocument } from './state/convert';
import { useEditor, useEditorStore } from './state/context';
import { downloadText } from './download';
import type { Theme } from './theme';
import { useAutosave, type SaveStatus } from './use-autosave';

/*
 * Publish, Share and Use come after the editor's first load (issue 25's 250 kB budget): their
 * dialogs, snippets and queries are a chunk of their own; until it arrives each shows as a
 * disabled button of the same size.
 */
const pending = (label: string) =>
  function Pending() {
    return (
      <button type="button" className="sy-btn" disabled>
        {label}
      </button>
    );
  };
const PublishButton = dynamic(() => import('@/components/publish/publish-button').then((m) => m.PublishButton), { ssr: false, loading: pending('Publish') });
const ShareButton = dynamic(() => import('@/components/publish/share-button').then((m) => m.ShareButton), { ssr: false, loading: pending('Share') });
const UseGraphButton = dynamic(() => import('@/components/publish/use-graph-button').then((m) => m.UseGraphButton), { ssr: false, loading: pending('Use') });

function SaveBadge({ status, onRetry }: { status: SaveStatus; onRetry(): void }) {
  switch (status.kind) {
    case 'saved':
      return <span className="sy-save is-saved" data-testid="save-state" data-state="saved">Saved</span>;
    case 'pending':
      if (status.busy)
        return (
          <span className="sy-save is-pending" data-testid="save-state" data-state="busy" title="The server is busy with other imports and large saves; your edits are kept here and saved again in a moment.">
            Server busy — retrying
          </span>
        );
      return <span className="sy-save is-pending" data-testid="save-state" data-state="pending">Unsaved changes</span>;
    case 'saving':
      return <span className="sy-save is-pending" data-testid="save-state" data-state="saving">Saving…</span>;
    case 'draft':
      return (
        <span
          className="sy-save is-invalid"
          data-testid="save-state"
          data-state="draft"
          title={`Your edits are saved as the working draft (other tabs see it). Runs and the API use version ${status.version}, the last valid one, until the errors are fixed; then the draft becomes a version.`}
        >
          <span className="sy-save-lines">
            <span>
              Draft — {status.errors} error{status.errors === 1 ? '' : 's'};
            </span>{' '}
            <span className="sy-save-sub">runs use version {status.version}</span>
          </span>
        </span>
      );
    case 'error':
      if (status.nameTaken)
        return (
          <span className="sy-save is-error" data-testid="save-state" data-state="error" title={`${status.message}. Choose another name to save.`}>
            Not saved — name taken
          </span>
        );
      return (
        <span className="sy-save is-error" data-testid="save-state" data-state="error" title={status.message}>
          Error — <button type="button" className="sy-link" data-testid="save-retry" onClick={onRetry}>retry</button>
          <span className="sy-save-msg">{status.message}</span>
        </span>
      );
  }
}

/** Autosave lives here: only this badge re-renders while the document changes. */
function Autosave({ graphId, base }: { graphId: string; base: string }) {
  const { status, retry } = useAutosave(graphId, base);
  return <SaveBadge status={status} onRetry={() => void retry()} />;
}

export interface HeaderProps {
  graphId: string;
  base: string;
  yamlOpen: boolean;
  onToggleYaml(): void;
  onImport(): void;
  onHelp(): void;
  /** Runs the box's input (or the default question) when the run panel is open; opens it at its input when folded. */
  onRun(): void;
  onFit(): void;
  theme: Theme;
  onTheme(t: Theme): void;
  problemsOpen: boolean;
  onToggleProblems(): void;
}

export function EditorHeader(p: HeaderProps) {
  const store = useEditorStore();
  const name = useEditor((s) => s.graph.name);
  const canUndo = useEditor((s) => s.past.length > 0);
  const canRedo = useEditor((s) => s.future.length > 0);
  const errors = useEditor((s) => s.problems.errorCount);
  const warnings = useEditor((s) => s.problems.warningCount + s.setupProblems.length);
  const nameOk = isGraphName(name);

  const exportYaml = async () => {
    const doc = editorToDocument(store.getState()).doc;
    // The YAML codec loads on first use, not with the editor.
    const { stringifyGraph } = await import('@/lib/graph/yaml');
    downloadText(`${doc.name || 'graph'}.yaml`, stringifyGraph(doc));
  };

  const problemsLabel = `Problems: ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`;
  return (
    <header className="sy-header">
      <Link href="/" className="sy-back" aria-label="All graphs">
        ← Graphs
      </Link>
      <input
        className={`sy-title-input ${nameOk ? '' : 'is-invalid'}`}
        value={name}
        aria-label="Graph name"
        title={nameOk ? `${name} — click to rename the graph` : `The name ${GRAPH_NAME_RULE}`}
        // Sized to the name (the header shrinks it, with an ellipsis, only when short of room).
        style={{ width: `${Math.max(name.length, 8) + 3}ch` }}
        data-testid="graph-name"
        spellCheck={false}
        onChange={(e) => store.getState().setGraph({ name: e.target.value }, 'name')}
      />
      <Autosave graphId={p.graphId} base={p.base} />
      <SaveVersionButton graphId={p.graphId} currentDocument={() => editorToDocument(store.getState()).doc} canSave={errors === 0} />
      <PublishButton graphId={p.graphId} canPublish={errors === 0} />
      <button type="button" className="sy-btn is-primary sy-run-btn" data-testid="header-run" title="Run the graph (Ctrl/⌘ Enter); with the run panel folded, opens it at its input" aria-keyshortcuts="Control+Enter Meta+Enter" onClick={p.onRun}>
        <span aria-hidden>▶</span> Run
      </button>
      <div className="sy-header-spacer" />
      <div className="sy-toolbar" role="toolbar" aria-label="Editor">
        <button type="button" className="sy-btn" title="Undo (Ctrl+Z)" aria-label="Undo" data-testid="undo" disabled={!canUndo} onClick={() => store.getState().undo()}>
          <span className="sy-btn-icon" aria-hidden>↶</span>
          <span className="sy-btn-text">Undo</span>
        </button>
        <button type="button" className="sy-btn" title="Redo (Ctrl+Shift+Z)" aria-label="Redo" data-testid="redo" disabled={!canRedo} onClick={() => store.getState().redo()}>
          <span className="sy-btn-icon" aria-hidden>↷</span>
          <span className="sy-btn-text">Redo</span>
        </button>
        <span className="sy-sep" />
        <button type="button" className="sy-btn" title="Auto-layout (L)" data-testid="auto-layout" onClick={() => void store.getState().autoLayout()}>
          Auto-layout
        </button>
        <button type="button" className="sy-btn" title="Fit view (F)" data-testid="fit-view" onClick={() => p.onFit()}>
          Fit
        </button>
        <span className="sy-sep" />
        <button
          type="button"
          className={`sy-btn ${p.problemsOpen ? 'is-active' : ''}`}
          data-testid="toggle-problems"
          aria-pressed={p.problemsOpen}
          onClick={p.onToggleProblems}
          title={problemsLabel}
          aria-label={problemsLabel}
        >
          <span className={`sy-count ${errors ? 'is-error' : ''}`} data-testid="error-count">{errors}</span>
          <span className="sy-count-words"> error{errors === 1 ? '' : 's'}</span> ·{' '}
          <span className={`sy-count ${warnings ? 'is-warning' : ''}`}>{warnings}</span>
          <span className="sy-count-words"> warning{warnings === 1 ? '' : 's'}</span>
        </button>
        <button type="button" className={`sy-btn ${p.yamlOpen ? 'is-active' : ''}`} data-testid="toggle-yaml" aria-pressed={p.yamlOpen} onClick={p.onToggleYaml}>
          YAML
        </button>
        <button type="button" className="sy-btn" data-testid="export-yaml" onClick={() => void exportYaml()}>
          Export
        </button>
        <button type="button" className="sy-btn" data-testid="import-open" onClick={p.onImport}>
          Import
        </button>
        <VersionHistoryButton graphId={p.graphId} onRestored={() => window.location.reload()} />
        <TestsButton graphId={p.graphId} />
        <ShareButton graphId={p.graphId} />
        <UseGraphButton graphId={p.graphId} graphName={name} />
        <button type="button" className="sy-btn sy-btn-round" title="Keyboard shortcuts (?)" aria-label="Keyboard shortcuts" data-testid="help-open" onClick={p.onHelp}>
          ?
        </button>
        <button
          type="button"
          className="sy-btn sy-btn-round"
          data-testid="theme-toggle"
          aria-label={`Switch to ${p.theme === 'dark' ? 'light' : 'dark'} theme`}
          title={`Switch to ${p.theme === 'dark' ? 'light' : 'dark'} theme`}
          onClick={() => p.onTheme(p.theme === 'dark' ? 'light' : 'dark')}
        >
          {p.theme === 'dark' ? '☀' : '☾'}
        </button>
      </div>
    </header>
  );
}
