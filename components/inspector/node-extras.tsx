'use client';
/** The agent's exit condition (text / tool / CEL) and a tool node's CEL arguments. */
import { useState } from 'react';
import type { ExitCondition } from '@/lib/graph/schema';
import { CelInput, Select, TextInput } from './controls';

type ExitKind = 'default' | 'text' | 'tool' | 'when';

export function ExitEditor({ value, tools, onChange }: { value: ExitCondition | undefined; tools: string[]; onChange(v: ExitCondition | undefined): void }) {
  const kind: ExitKind = value === undefined ? 'default' : value === 'text' ? 'text' : 'tool' in value ? 'tool' : 'when';
  const pick = (k: ExitKind) => {
    if (k === 'default') onChange(undefined);
    else if (k === 'text') onChange('text');
    else if (k === 'tool') onChange({ tool: tools[0] ?? '' });
    else onChange({ when: '' });
  };
  return (
    <div className="sy-stack" data-testid="field-exit">
      <select className="sy-input" value={kind} data-testid="field-exit-kind" onChange={(e) => pick(e.target.value as ExitKind)}>
        <option value="default">default (final text answer)</option>
        <option value="text">text: stop at the first answer without tool calls</option>
        <option value="tool">tool: stop right after a tool ran</option>
        <option value="when">CEL: stop when a condition holds</option>
      </select>
      {value && typeof value === 'object' && 'tool' in value && <Select value={value.tool} options={tools} onChange={(t) => onChange({ tool: t ?? '' })} testId="field-exit-tool" />}
      {value && typeof value === 'object' && 'when' in value && <CelInput value={value.when} onChange={(w) => onChange({ when: w })} testId="field-exit-when" />}
    </div>
  );
}

export function ArgsEditor({ value, onChange }: { value: Record<string, string>; onChange(v: Record<string, string>): void }) {
  const [newName, setNewName] = useState('');
  const entries = Object.entries(value);
  const rename = (from: string, to: string) => {
    const out: Record<string, string> = {};
    for (const [k, v] of entries) Object.defineProperty(out, k === from ? to : k, { value: v, enumerable: true, writable: true, configurable: true });
    onChange(out);
  };
  return (
    <div className="sy-stack" data-testid="field-args">
      {entries.map(([k, expr]) => (
        <div key={k} className="sy-kv">
          <TextInput value={k} onChange={(to) => to && !Object.hasOwn(value, to) && rename(k, to)} mono />
          <CelInput value={expr} onChange={(x) => onChange({ ...value, [k]: x })} />
          <button type="button" className="sy-icon-btn" aria-label={`Remove argument ${k}`} onClick={() => onChange(Object.fromEntries(entries.filter(([n]) => n !== k)))}>
            ×
          </button>
        </div>
      ))}
      <div className="sy-kv">
        <input className="sy-input is-mono" placeholder="argument name" value={newName} onChange={(e) => setNewName(e.target.value)} />
        <button
          type="button"
          className="sy-btn"
          disabled={!newName.trim() || Object.hasOwn(value, newName.trim())}
          onClick={() => {
            const out = { ...value };
            Object.defineProperty(out, newName.trim(), { value: 'state.input', enumerable: true, writable: true, configurable: true });
            onChange(out);
            setNewName('');
          }}
        >
          Add argument
        </button>
      </div>
    </div>
  );
}
