'use client';
/**
 * The split view's YAML editor (CodeMirror + lang-yaml), in sync both ways:
 * canvas edits rewrite the text (unless the user holds an unapplied edit); text edits update the canvas
 * when parseGraphYaml accepts them, otherwise errors are marked at their line and the canvas keeps the
 * last valid graph. Canvas changes (logic or layout) are written to the text once they pause
 * (CANVAS_SYNC_DELAY_MS): a drag does not re-stringify the graph per frame. Loaded on demand.
 */
import { yaml } from '@codemirror/lang-yaml';
import { lintGutter, setDiagnostics, type Diagnostic } from '@codemirror/lint';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { editorToDocument } from '@/components/editor/state/convert';
import { useEditor, useEditorStore } from '@/components/editor/state/context';
import type { Problem } from '@/lib/graph/problems';
import { parseGraphYaml, stringifyGraph } from '@/lib/graph/yaml';

const YAML_APPLY_DELAY_MS = 300;
const CANVAS_SYNC_DELAY_MS = 250;

function toDiagnostics(view: EditorView, problems: Problem[]): Diagnostic[] {
  const doc = view.state.doc;
  return problems.map((p) => {
    const line = doc.line(Math.min(Math.max(p.line ?? 1, 1), doc.lines));
    const from = Math.min(line.from + Math.max((p.col ?? 1) - 1, 0), line.to);
    return { from, to: Math.max(from, line.to), severity: p.severity === 'warning' ? 'warning' : 'error', message: p.message };
  });
}

export function YamlPane({ theme }: { theme: 'light' | 'dark' }) {
  const store = useEditorStore();
  // Both counters only grow: their sum changes whenever either does.
  const change = useEditor((s) => s.revision + s.layoutRevision);
  const canvasText = useCallback(() => stringifyGraph(editorToDocument(store.getState()).doc), [store]);
  const [text, setText] = useState(canvasText);
  const [errors, setErrors] = useState<Problem[]>([]);
  const [stale, setStale] = useState(false);
  const view = useRef<EditorView | null>(null);
  const userEdit = useRef(false);
  const focused = useRef(false);

  // Canvas -> text, once the canvas pauses.
  const hasErrors = useRef(false);
  hasErrors.current = errors.length > 0;
  const mounted = useRef(false);
  useEffect(() => {
    if (!mounted.current) return void (mounted.current = true);
    if (store.getState().origin === 'yaml') return;
    const t = setTimeout(() => {
      if (userEdit.current && hasErrors.current) return setStale(true);
      if (userEdit.current && focused.current) return;
      userEdit.current = false;
      setStale(false);
      setText(canvasText());
    }, CANVAS_SYNC_DELAY_MS);
    return () => clearTimeout(t);
  }, [change, store, canvasText]);

  // Text -> canvas (debounced), errors -> lint markers.
  useEffect(() => {
    if (!userEdit.current) {
      setErrors([]);
      if (view.current) view.current.dispatch(setDiagnostics(view.current.state, []));
      return;
    }
    const t = setTimeout(() => {
      const parsed = parseGraphYaml(text);
      const found = parsed.ok ? [] : parsed.errors;
      setErrors(found);
      if (view.current) view.current.dispatch(setDiagnostics(view.current.state, toDiagnostics(view.current, found)));
      if (!parsed.ok) return;
      setStale(false);
      if (stringifyGraph(parsed.doc) !== canvasText()) store.getState().applyDocument(parsed.doc);
    }, YAML_APPLY_DELAY_MS);
    return () => clearTimeout(t);
  }, [text, store, canvasText]);

  const extensions = useMemo(
    () => [
      yaml(),
      lintGutter(),
      EditorView.domEventHandlers({
        focus: () => void (focused.current = true),
        blur: () => void (focused.current = false),
      }),
    ],
    [],
  );

  return (
    <section className="sy-yaml" data-testid="yaml-pane" aria-label="YAML">
      <div className="sy-yaml-head">
        <span className="sy-yaml-title">YAML</span>
        <span className={`sy-yaml-state ${errors.length ? 'is-error' : ''}`} data-testid="yaml-state">
          {errors.length ? `${errors.length} problem${errors.length === 1 ? '' : 's'} — canvas shows the last valid graph` : 'in sync'}
        </span>
      </div>
      {stale && (
        <div className="sy-yaml-stale" data-testid="yaml-stale">
          The canvas changed while this text has errors.
          <button
            type="button"
            className="sy-btn sy-btn-small"
            onClick={() => {
              userEdit.current = false;
              setStale(false);
              setText(canvasText());
            }}
          >
            Discard my YAML edit
          </button>
        </div>
      )}
      <div className="sy-yaml-editor" data-testid="yaml-editor">
        <CodeMirror
          value={text}
          height="100%"
          theme={theme}
          extensions={extensions}
          basicSetup={{ foldGutter: true, highlightActiveLine: true, autocompletion: false }}
          onCreateEditor={(v) => {
            view.current = v;
          }}
          onChange={(v) => {
            // Only edits made in the editor reach here (programmatic values are tagged ExternalChange).
            userEdit.current = true;
            setText(v);
          }}
        />
      </div>
      {errors.length > 0 && (
        <ul className="sy-yaml-errors" data-testid="yaml-errors">
          {errors.map((p, i) => (
            <li key={i} data-testid="yaml-error" data-line={p.line}>
              <button
                type="button"
                onClick={() => {
                  const v = view.current;
                  if (!v || !p.line) return;
                  const line = v.state.doc.line(Math.min(p.line, v.state.doc.lines));
                  v.dispatch({ selection: { anchor: line.from }, scrollIntoView: true });
                  v.focus();
                }}
              >
                <span className="sy-yaml-line">{p.line ? `Line ${p.line}${p.col ? `:${p.col}` : ''}` : 'Document'}</span>
                <span>{p.message}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
