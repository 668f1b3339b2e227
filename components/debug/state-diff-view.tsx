'use client';

import { diffState, type DiffEntry } from './state-diff';
import { asText } from './trace-data';
import s from './debug.module.css';

/** The state before/after a node as a diff (or the `entries` of one already made): one line per changed path. */
export function StateDiffView({ before, after, entries: given }: { before?: unknown; after?: unknown; entries?: DiffEntry[] }) {
  const entries = given ?? diffState(before, after);
  if (entries.length === 0) return <p className={s.muted}>No state change.</p>;
  return (
    <table className={s.diff} data-testid="state-diff">
      <tbody>
        {entries.map((d) => (
          <tr key={d.path} data-kind={d.kind}>
            <td className={s.diffPath}>
              <span className={s.diffMark}>{d.kind === 'added' ? '+' : d.kind === 'removed' ? '−' : '~'}</span>
              {d.path}
            </td>
            <td>
              {d.kind !== 'added' && <pre className={`${s.pre} ${s.before}`}>{asText(d.before)}</pre>}
              {d.kind !== 'removed' && <pre className={`${s.pre} ${s.after}`}>{asText(d.after)}</pre>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
