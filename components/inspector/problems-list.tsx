'use client';
/**
 * Every error and warning of the graph (its rules, and its setup here: connections and models);
 * clicking one selects its node or edge and centres the view on it, or for a graph field opens the
 * graph panel at that field. A problem with a fix offers it as a button.
 */
import { useReactFlow } from '@xyflow/react';
import { useShallow } from 'zustand/react/shallow';
import { useEditor, useEditorStore } from '@/components/editor/state/context';
import { inspectorOpen } from '@/components/editor/persisted-flags';
import type { LocatedProblem, ProblemFix } from '@/components/editor/state/problems';

/** Puts the keyboard in the graph panel's field for `path` (fields carry data-field-path), once it is drawn. */
function focusField(path: string, tries = 10) {
  const el = document.querySelector<HTMLElement>(`[data-field-path="${CSS.escape(path)}"]`);
  if (el) {
    el.scrollIntoView({ block: 'nearest' });
    el.focus();
  } else if (tries > 0) requestAnimationFrame(() => focusField(path, tries - 1));
}

export function ProblemsList({ onGraphProblem }: { onGraphProblem?(p: LocatedProblem): void }) {
  const store = useEditorStore();
  const problems = useEditor((s) => s.problems);
  const setup = useEditor(useShallow((s) => s.setupProblems));
  const { fitView } = useReactFlow();
  const list = setup.length ? [...problems.list, ...setup] : problems.list;

  const showGraphField = (path: string) => {
    store.getState().select({});
    if (!inspectorOpen.get()) inspectorOpen.setForNow(true);
    requestAnimationFrame(() => focusField(path));
  };

  const focus = (p: LocatedProblem) => {
    const t = p.target;
    if (t.kind === 'node') {
      store.getState().select({ nodes: [t.id] });
      void fitView({ nodes: [{ id: t.id }], duration: 300, maxZoom: 1.2, padding: 0.6 });
    } else if (t.kind === 'edge') {
      store.getState().select({ edges: t.ids });
      const ends = store.getState().edges.filter((e) => t.ids.includes(e.id)).flatMap((e) => [{ id: e.source }, { id: e.target }]);
      void fitView({ nodes: ends, duration: 300, maxZoom: 1.2, padding: 0.4 });
    } else {
      showGraphField(p.path);
      onGraphProblem?.(p);
    }
  };

  const apply = (fix: ProblemFix) => {
    const models = store.getState().graph.models ?? {};
    const spec = models[fix.model];
    if (!spec) return;
    if (fix.kind === 'use-connection') store.getState().setGraph({ models: { ...models, [fix.model]: { ...spec, connection: fix.connection } } });
    else showGraphField(`models.${fix.model}.model`);
  };

  if (!list.length) {
    return (
      <div className="sy-problems is-empty" data-testid="problems">
        <span className="sy-ok-dot" aria-hidden /> No problems
      </div>
    );
  }
  return (
    <ul className="sy-problems" data-testid="problems">
      {list.map((p, i) => (
        <li key={i} className="sy-problem-row">
          <button type="button" className={`sy-problem is-${p.severity}`} data-testid="problem" data-code={p.code} onClick={() => focus(p)}>
            <span className="sy-problem-sev">{p.severity === 'error' ? 'Error' : 'Warning'}</span>
            <span className="sy-problem-msg">{p.message}</span>
          </button>
          {p.fix && (
            <button type="button" className="sy-btn sy-problem-fix" data-testid="problem-fix" onClick={() => apply(p.fix!)}>
              {p.fix.kind === 'use-connection' ? `Use “${p.fix.connection}”` : 'Pick a model'}
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
