'use client';

import { RunCompare } from '@/components/debug/run-compare';
import { QueryBoundary } from '@/components/ui/query-boundary';
import t from '@/components/debug/time-travel.module.css';
import s from '../[id]/run-page.module.css';

export function ComparePage({ a, b }: { a: string; b: string }) {
  return (
    <div className={s.page}>
      <header className={s.head}>
        <a href="/" className={s.crumb}>
          Switchyard
        </a>
        <span className={s.sep}>/</span>
        <span className={s.current}>Compare runs</span>
      </header>
      <main className={`${s.main} ${t.compare}`} style={{ overflow: 'auto' }}>
        <QueryBoundary>
          <RunCompare a={a} b={b} />
        </QueryBoundary>
      </main>
    </div>
  );
}
