'use client';
/** Every error and warning of the graph; clicking one selects its node or edge and centres the view on it. */
import { useReactFlow } from '@xyflow/react';
import { useEditor, useEditorStore } from '@/components/editor/state/context';
import type { LocatedProblem } from '@/components/editor/state/problems';

export function ProblemsList({ onGraphProblem }: { onGraphProblem?(p: LocatedProblem): void }) {
  const store = useEditorStore();
  const problems = useEditor((s) => s.problems);
  const { fitView } = useReactFlow();

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
      store.getState().select({});
      onGraphProblem?.(p);
    }
  };

  if (!problems.list.length) {
    return (
      <div className="sy-problems is-empty" data-testid="problems">
        <span className="sy-ok-dot" aria-hidden /> No problems
      </div>
    );
  }
  return (
    <ul className="sy-problems" data-testid="problems">
      {problems.list.map((p, i) => (
        <li key={i}>
          <button type="button" className={`sy-problem is-${p.severity}`} data-testid="problem" data-code={p.code} onClick={() => focus(p)}>
            <span className="sy-problem-sev">{p.severity === 'error' ? 'Error' : 'Warning'}</span>
            <span className="sy-problem-msg">{p.message}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
