'use client';

import { useRunStore } from './run-store';
import s from './debug.module.css';

/** The breakpoint set: listed with remove buttons, plus any node of the graph to add. */
export function BreakpointsList({ nodes }: { nodes: Array<{ id: string; role?: string }> }) {
  const breakpoints = useRunStore((st) => st.breakpoints);
  const toggle = useRunStore((st) => st.toggleBreakpoint);
  const addable = nodes.filter((n) => !breakpoints.includes(n.id));
  return (
    <div className={s.pane} data-testid="breakpoints">
      <p className={s.muted}>A run pauses before each node with a breakpoint; then Continue, or Step one node at a time.</p>
      {breakpoints.length === 0 ? (
        <p className={s.muted}>No breakpoints.</p>
      ) : (
        <ul className={s.list}>
          {breakpoints.map((b) => (
            <li key={b} data-testid="breakpoint">
              <span className={s.bpDot} />
              <span className={s.label}>{b}</span>
              <button type="button" className={s.linkButton} onClick={() => toggle(b)} aria-label={`Remove breakpoint on ${b}`}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {addable.length > 0 && (
        <label className={s.field}>
          Add a breakpoint
          <select
            value=""
            data-testid="add-breakpoint"
            onChange={(e) => {
              if (e.target.value) toggle(e.target.value);
            }}
          >
            <option value="">Choose a node…</option>
            {addable.map((n) => (
              <option key={n.id} value={n.id}>
                {n.id}
                {n.role ? ` (${n.role})` : ''}
              </option>
            ))}
          </select>
        </label>
      )}
    </div>
  );
}
