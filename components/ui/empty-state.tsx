import type { ReactNode } from 'react';
import s from './ui.module.css';

export function EmptyState({
  icon,
  title,
  children,
  actions,
  ...rest
}: {
  icon?: ReactNode;
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <div className={s.empty} data-testid={rest['data-testid']}>
      {icon ? <div className={s.emptyIcon}>{icon}</div> : null}
      <div className={s.emptyTitle}>{title}</div>
      {children ? <p className={s.emptyText}>{children}</p> : null}
      {actions ? <div className={s.emptyActions}>{actions}</div> : null}
    </div>
  );
}
