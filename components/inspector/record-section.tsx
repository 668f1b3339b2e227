'use client';
/** A keyed collection (models, tools, state channels): add, rename (order kept), remove, edit each entry. */
import { useState, type ReactNode } from 'react';
import { IDENTIFIER_RULE, isIdentifier } from '@/lib/graph/constants';
import { IdInput } from './controls';

function put<T>(out: Record<string, T>, k: string, v: T) {
  Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
}

export function RecordSection<T>({
  title,
  noun,
  value,
  onChange,
  make,
  render,
  testId,
}: {
  title: string;
  noun: string;
  value: Record<string, T> | undefined;
  onChange(v: Record<string, T> | undefined): void;
  make(id: string): T;
  render(id: string, item: T, update: (v: T) => void): ReactNode;
  testId: string;
}) {
  const entries = Object.entries(value ?? {});
  const [draft, setDraft] = useState('');
  const check = (v: string, current?: string) => {
    if (!isIdentifier(v)) return `id ${IDENTIFIER_RULE}`;
    if (v !== current && Object.hasOwn(value ?? {}, v)) return `"${v}" already exists`;
    return null;
  };
  const rebuild = (fn: (k: string, v: T, out: Record<string, T>) => void) => {
    const out: Record<string, T> = {};
    for (const [k, v] of entries) fn(k, v, out);
    onChange(Object.keys(out).length ? out : undefined);
  };
  const addErr = draft ? check(draft) : null;
  return (
    <section className="sy-section" data-testid={testId}>
      <h3 className="sy-section-title">
        {title} <span className="sy-count">{entries.length}</span>
      </h3>
      {entries.map(([id, item]) => (
        <div className="sy-card" key={id} data-testid={`${testId}-${id}`}>
          <div className="sy-card-head">
            <IdInput value={id} check={(v) => check(v, id)} onCommit={(to) => rebuild((k, v, out) => put(out, k === id ? to : k, v))} testId={`${testId}-${id}-id`} />
            <button type="button" className="sy-icon-btn" aria-label={`Remove ${noun} ${id}`} onClick={() => rebuild((k, v, out) => k !== id && put(out, k, v))}>
              ×
            </button>
          </div>
          {render(id, item, (v) => rebuild((k, old, out) => put(out, k, k === id ? v : old)))}
        </div>
      ))}
      <div className="sy-kv">
        <input className="sy-input is-mono" placeholder={`new ${noun} id`} value={draft} data-testid={`${testId}-new`} onChange={(e) => setDraft(e.target.value)} />
        <button
          type="button"
          className="sy-btn"
          data-testid={`${testId}-add`}
          disabled={!draft || !!addErr}
          onClick={() => {
            const out: Record<string, T> = { ...(value ?? {}) };
            put(out, draft, make(draft));
            onChange(out);
            setDraft('');
          }}
        >
          Add
        </button>
      </div>
      {addErr && <div className="sy-field-error">{addErr}</div>}
    </section>
  );
}
