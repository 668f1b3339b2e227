/** Building blocks of the docs page: sections with anchors, code blocks, notes. Server components. */
import type { ReactNode } from 'react';
import { CopyButton } from './copy-button';
import s from './docs.module.css';

export function Section({ id, title, intro, children }: { id: string; title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section id={id} className={s.section} data-testid={`docs-section-${id}`}>
      <h2 className={s.h2}>
        <a href={`#${id}`} className={s.anchor}>
          {title}
        </a>
      </h2>
      {intro ? <p className={s.lead}>{intro}</p> : null}
      {children}
    </section>
  );
}

export function Sub({ id, title, children }: { id: string; title: ReactNode; children: ReactNode }) {
  return (
    <div id={id} className={s.sub}>
      <h3 className={s.h3}>
        <a href={`#${id}`} className={s.anchor}>
          {title}
        </a>
      </h3>
      {children}
    </div>
  );
}

export function Code({ children, title, copy, testId }: { children: string; title?: string; copy?: boolean; testId?: string }) {
  return (
    <figure className={s.codeBlock}>
      {title || copy ? (
        <figcaption className={s.codeHead}>
          <span>{title}</span>
          {copy ? <CopyButton text={children} testId={testId ? `${testId}-copy` : undefined} /> : null}
        </figcaption>
      ) : null}
      <pre className={s.pre} data-testid={testId}>
        <code>{children}</code>
      </pre>
    </figure>
  );
}

/** Plain text where `backticks` mark inline code (rendered as React text, never HTML). */
export function Rich({ text }: { text: string }) {
  return (
    <>
      {text.split('`').map((part, i) => (i % 2 ? <C key={i}>{part}</C> : part))}
    </>
  );
}

export function C({ children }: { children: ReactNode }) {
  return <code className={s.inline}>{children}</code>;
}

export function Note({ children }: { children: ReactNode }) {
  return <div className={s.note}>{children}</div>;
}

export function Table({ head, rows, testId }: { head: string[]; rows: ReactNode[][]; testId?: string }) {
  return (
    <div className={s.tableWrap}>
      <table className={s.table} data-testid={testId}>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h}>{h}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              {r.map((c, j) => (
                <td key={j}>{c}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
