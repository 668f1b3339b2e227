/** Why a restore failed: the server's message and, for an old document that no longer validates, its problems. */
import { problemPlace } from '@/components/graphs/format';
import type { ApiError } from '@/lib/contracts/client';
import s from './versions.module.css';

export function RestoreError({ error }: { error: ApiError }) {
  const problems = error.problems.filter((p) => p.severity === 'error');
  return (
    <div className={s.error} role="alert" data-testid="version-restore-error" data-status={error.status}>
      <p className={s.errorTitle}>Not restored — nothing was changed. {error.message}</p>
      {problems.length ? (
        <ul className={s.problems}>
          {problems.map((p, i) => (
            <li key={i}>
              <code>{problemPlace(p)}</code> {p.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
