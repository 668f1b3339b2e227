'use client';

import type { ReactNode } from 'react';
import s from './debug.module.css';

/** A titled block in the step details. */
export function Section({ title, children, actions }: { title: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <section className={s.section}>
      <header className={s.sectionHead}>
        <h4>{title}</h4>
        {actions}
      </header>
      {children}
    </section>
  );
}

/** Key/value facts (model, latency, tokens...). Values are rendered as text. */
export function Facts({ items }: { items: Array<[string, ReactNode | undefined]> }) {
  const shown = items.filter(([, v]) => v !== undefined && v !== null && v !== '');
  if (shown.length === 0) return null;
  return (
    <dl className={s.facts}>
      {shown.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd data-testid={`fact-${k.toLowerCase().replace(/\W+/g, '-')}`}>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

export function ms(v: number | undefined | null): string | undefined {
  if (v === undefined || v === null || !Number.isFinite(v)) return undefined;
  return v < 1000 ? `${Math.round(v)} ms` : `${(v / 1000).toFixed(v < 10_000 ? 2 : 1)} s`;
}
