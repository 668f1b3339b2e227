import type { HTMLAttributes, ReactNode } from 'react';
import s from './ui.module.css';

export type BadgeTone = 'neutral' | 'accent' | 'danger' | 'warning';
const TONE: Record<BadgeTone, string | undefined> = {
  neutral: undefined,
  accent: s.badgeAccent,
  danger: s.badgeDanger,
  warning: s.badgeWarning,
};

export function Badge({ tone = 'neutral', children, className, ...rest }: { tone?: BadgeTone; children: ReactNode } & HTMLAttributes<HTMLSpanElement>) {
  return (
    <span className={[s.badge, TONE[tone], className].filter(Boolean).join(' ')} {...rest}>
      {children}
    </span>
  );
}
