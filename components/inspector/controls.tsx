'use client';
/** Form controls of the inspector. Every value is shown as it is, valid or not; messages sit under the field. */
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useCelError } from '@/components/editor/use-cel-error';

export function Field({ label, hint, messages = [], children, testId }: { label: string; hint?: string; messages?: string[]; children: ReactNode; testId?: string }) {
  return (
    <div className="sy-field" data-testid={testId} data-invalid={messages.length > 0 || undefined}>
      <label className="sy-field-label">
        <span>{label}</span>
        {hint && <span className="sy-field-hint">{hint}</span>}
      </label>
      {children}
      {messages.map((m, i) => (
        <div className="sy-field-error" role="alert" key={i} data-testid={testId ? `${testId}-error` : undefined}>
          {m}
        </div>
      ))}
    </div>
  );
}

export function TextInput({
  value,
  onChange,
  multiline,
  placeholder,
  testId,
  mono,
  rows = 5,
}: {
  value: string;
  onChange(v: string): void;
  multiline?: boolean;
  placeholder?: string;
  testId?: string;
  mono?: boolean;
  rows?: number;
}) {
  const cls = `sy-input ${mono ? 'is-mono' : ''}`;
  return multiline ? (
    <textarea className={cls} value={value} rows={rows} placeholder={placeholder} data-testid={testId} spellCheck={!mono} onChange={(e) => onChange(e.target.value)} />
  ) : (
    <input className={cls} value={value} placeholder={placeholder} data-testid={testId} spellCheck={false} onChange={(e) => onChange(e.target.value)} />
  );
}

/** A CEL expression input: compiled as you type, the error shown under it. */
export function CelInput({ value, onChange, testId, placeholder, multiline }: { value: string; onChange(v: string): void; testId?: string; placeholder?: string; multiline?: boolean }) {
  const err = useCelError(value);
  return (
    <>
      <TextInput value={value} onChange={onChange} mono multiline={multiline} rows={2} testId={testId} placeholder={placeholder ?? 'state.verdict == "approve"'} />
      {err && (
        <div className="sy-field-error" role="alert" data-testid={testId ? `${testId}-cel-error` : undefined}>
          CEL: {err}
        </div>
      )}
    </>
  );
}

/** A number that may be unset: the text typed is kept until it is a number. */
export function NumberInput({ value, onChange, testId, step }: { value: number | undefined; onChange(v: number | undefined): void; testId?: string; step?: number }) {
  const [text, setText] = useState(value === undefined ? '' : String(value));
  const [focused, setFocused] = useState(false);
  useEffect(() => {
    if (!focused) setText(value === undefined ? '' : String(value));
  }, [value, focused]);
  const bad = text.trim() !== '' && !Number.isFinite(Number(text));
  return (
    <>
      <input
        className="sy-input"
        inputMode="decimal"
        value={text}
        step={step}
        data-testid={testId}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        onChange={(e) => {
          setText(e.target.value);
          const t = e.target.value.trim();
          if (t === '') onChange(undefined);
          else if (Number.isFinite(Number(t))) onChange(Number(t));
        }}
      />
      {bad && <div className="sy-field-error" role="alert">“{text}” is not a number (not saved)</div>}
    </>
  );
}

export function Select({
  value,
  options,
  onChange,
  testId,
  unsetLabel,
}: {
  value: string | undefined;
  options: readonly string[];
  onChange(v: string | undefined): void;
  testId?: string;
  /** When given, an empty choice that unsets the value. */
  unsetLabel?: string;
}) {
  const all = value !== undefined && value !== '' && !options.includes(value) ? [...options, value] : options;
  return (
    <select className="sy-input" value={value ?? ''} data-testid={testId} onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}>
      {(unsetLabel !== undefined || value === undefined || value === '') && <option value="">{unsetLabel ?? '— choose —'}</option>}
      {all.map((o) => (
        <option key={o} value={o}>
          {options.includes(o) ? o : `${o} (unknown)`}
        </option>
      ))}
    </select>
  );
}

/** A list of ids picked from `options`; ids not among the options stay, marked as unknown. */
export function ChipsPicker({ value, options, onChange, testId, emptyHint }: { value: string[]; options: string[]; onChange(v: string[]): void; testId?: string; emptyHint?: string }) {
  const rest = options.filter((o) => !value.includes(o));
  const id = useId();
  return (
    <div className="sy-chips-picker" data-testid={testId}>
      <div className="sy-chips">
        {value.map((v, i) => (
          <span key={`${v}-${i}`} className={`sy-chip ${options.includes(v) ? '' : 'is-unknown'}`} title={options.includes(v) ? v : `${v} is not defined`}>
            {v}
            <button type="button" className="sy-chip-x" aria-label={`Remove ${v}`} onClick={() => onChange(value.filter((_, j) => j !== i))}>
              ×
            </button>
          </span>
        ))}
        {!value.length && <span className="sy-muted">{emptyHint ?? 'none'}</span>}
      </div>
      {rest.length > 0 && (
        <select id={id} className="sy-input sy-input-small" value="" data-testid={testId ? `${testId}-add` : undefined} onChange={(e) => e.target.value && onChange([...value, e.target.value])}>
          <option value="">+ add…</option>
          {rest.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      )}
    </div>
  );
}

/** An id edited in place: committed on Enter or blur, when `check` accepts it. */
export function IdInput({ value, onCommit, check, testId }: { value: string; onCommit(v: string): void; check(v: string): string | null; testId?: string }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const err = text !== value ? check(text) : null;
  const commit = () => {
    if (text !== value && !check(text)) onCommit(text);
  };
  return (
    <>
      <input
        className="sy-input is-mono"
        value={text}
        data-testid={testId}
        spellCheck={false}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
          if (e.key === 'Escape') setText(value);
        }}
      />
      {err && <div className="sy-field-error" role="alert">{err}</div>}
    </>
  );
}
