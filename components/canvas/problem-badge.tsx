'use client';
/** An error/warning count badge with the messages as a tooltip (text only). */
import type { Badge } from '@/components/editor/state/problems';

export function ProblemBadge({ badge, testId }: { badge: Badge | undefined; testId: string }) {
  if (!badge || (!badge.errors.length && !badge.warnings.length)) return null;
  const isError = badge.errors.length > 0;
  const count = isError ? badge.errors.length : badge.warnings.length;
  const title = [...badge.errors, ...badge.warnings].join('\n');
  return (
    <span
      className={`sy-badge ${isError ? 'sy-badge-error' : 'sy-badge-warning'}`}
      title={title}
      data-testid={testId}
      data-severity={isError ? 'error' : 'warning'}
      aria-label={`${count} ${isError ? 'error' : 'warning'}${count === 1 ? '' : 's'}: ${title}`}
    >
      {isError ? '!' : '⚠'} {count}
    </span>
  );
}
