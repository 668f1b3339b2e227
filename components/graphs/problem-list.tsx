'use client';
/** Import problems listed with their line and column (text only, never HTML). */
import type { ProblemJson } from '@/lib/contracts/common';
import { IconAlert } from '@/components/ui/icons';
import { plural, problemPlace } from './format';
import s from './graphs.module.css';

export function ProblemList({ problems, onPick }: { problems: ProblemJson[]; onPick?: (p: ProblemJson) => void }) {
  if (!problems.length) return null;
  const errors = problems.filter((p) => p.severity === 'error').length;
  return (
    <div data-testid="import-errors">
      <div className={s.problemsHead}>
        <IconAlert /> {errors ? `${plural(errors, 'error')} — nothing was imported` : plural(problems.length, 'warning')}
      </div>
      <ul className={s.problems}>
        {problems.map((p, i) => {
          const body = (
            <>
              <span className={s.place}>{problemPlace(p)}</span>
              <span>
                {p.message}
                {p.path && !p.message.startsWith(p.path) ? <span className={s.problemPath}>{p.path}</span> : null}
              </span>
            </>
          );
          return (
            <li
              key={i}
              className={[s.problem, p.severity === 'warning' && s.problemWarning].filter(Boolean).join(' ')}
              data-testid="import-error"
              data-line={p.line}
              data-col={p.col}
              data-code={p.code}
            >
              {onPick && p.line !== undefined ? (
                <button type="button" className={s.problemButton} onClick={() => onPick(p)} title="Show this line">
                  {body}
                </button>
              ) : (
                body
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
