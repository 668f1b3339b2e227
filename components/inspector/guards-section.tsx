'use client';
/**
 * A node's `guards` (lib/graph/schema/guards.ts): its input and output checks, in order, each with
 * its action and settings; a check is added from a picker with usable defaults. Removing the last
 * check removes `guards` from the node. Other settings (message, categories, a json_schema's
 * schema) are edited in the YAML and kept here as they are.
 */
import { GUARD_CHECKS, PII_KINDS, type GuardCheckName } from '@/lib/graph/constants';
import type { GuardCheck, GuardsSpec } from '@/lib/graph/schema';
import { ChipsPicker, NumberInput, Select, TextInput } from './controls';

type Stage = 'input' | 'output';

const ACTIONS: Record<GuardCheckName, readonly string[]> = {
  pii: ['redact', 'block', 'flag'],
  regex: ['block', 'flag', 'redact'],
  moderation: ['block', 'flag'],
  injection: ['block', 'flag'],
  json_schema: ['block', 'flag'],
  max_chars: ['block', 'flag'],
};

function fresh(name: GuardCheckName, models: string[]): GuardCheck {
  switch (name) {
    case 'pii':
      return { check: 'pii' };
    case 'moderation':
      return { check: 'moderation' };
    case 'injection':
      return { check: 'injection', model: models.find((m) => m !== 'default') ?? models[0] ?? 'default' };
    case 'json_schema':
      return { check: 'json_schema', schema: { type: 'object' } };
    case 'max_chars':
      return { check: 'max_chars', max: 4000 };
    case 'regex':
      return { check: 'regex', pattern: 'secret' };
  }
}

function CheckRow({ check, models, testId, onChange, onRemove }: { check: GuardCheck; models: string[]; testId: string; onChange(c: GuardCheck): void; onRemove(): void }) {
  const put = (patch: Record<string, unknown>) => {
    const next = { ...check, ...patch } as Record<string, unknown>;
    for (const k of Object.keys(next)) if (next[k] === undefined) delete next[k];
    onChange(next as GuardCheck);
  };
  return (
    <div className="sy-stack sy-guard-check" data-testid={testId}>
      <div className="sy-kv">
        <strong>{check.check}</strong>
        <Select value={check.action} options={ACTIONS[check.check]} onChange={(a) => put({ action: a })} unsetLabel={`default (${ACTIONS[check.check][0]})`} testId={`${testId}-action`} />
        <button type="button" className="sy-btn" aria-label={`Remove the ${check.check} check`} data-testid={`${testId}-remove`} onClick={onRemove}>
          ×
        </button>
      </div>
      {check.check === 'pii' && (
        <ChipsPicker value={check.kinds ?? []} options={[...PII_KINDS]} onChange={(k) => put({ kinds: k.length ? k : undefined })} testId={`${testId}-kinds`} emptyHint="every kind" />
      )}
      {check.check === 'max_chars' && <NumberInput value={check.max} onChange={(n) => n !== undefined && put({ max: n })} testId={`${testId}-max`} />}
      {check.check === 'regex' && <TextInput value={check.pattern} mono onChange={(p) => put({ pattern: p })} testId={`${testId}-pattern`} />}
      {check.check === 'injection' && <Select value={check.model} options={models} onChange={(m) => m && put({ model: m })} testId={`${testId}-model`} />}
      {(check.check === 'injection' || check.check === 'moderation') && (
        <label className="sy-stack">
          <span>Threshold (0–1, default 0.5)</span>
          <NumberInput value={check.threshold} step={0.05} onChange={(n) => put({ threshold: n })} testId={`${testId}-threshold`} />
        </label>
      )}
    </div>
  );
}

export function GuardsEditor({ value, models, onChange }: { value: GuardsSpec | undefined; models: string[]; onChange(v: GuardsSpec | undefined): void }) {
  const v: GuardsSpec = value ?? {};
  const put = (stage: Stage, list: GuardCheck[]) => {
    const next: GuardsSpec = { ...v, [stage]: list.length ? list : undefined };
    const clean = Object.fromEntries(Object.entries(next).filter(([, x]) => x !== undefined)) as GuardsSpec;
    onChange(Object.keys(clean).length ? clean : undefined);
  };
  const stage = (s: Stage) => {
    const list = v[s] ?? [];
    return (
      <div className="sy-stack" data-testid={`field-guards-${s}`}>
        <span>{s === 'input' ? 'Input: checked before the node runs' : 'Output: checked on the answer before anyone sees it'}</span>
        {list.map((c, i) => (
          <CheckRow
            key={`${c.check}-${i}`}
            check={c}
            models={models}
            testId={`field-guards-${s}-${i}`}
            onChange={(n) => put(s, list.map((x, j) => (j === i ? n : x)))}
            onRemove={() => put(s, list.filter((_, j) => j !== i))}
          />
        ))}
        <select className="sy-input sy-input-small" value="" data-testid={`field-guards-${s}-add`} onChange={(e) => e.target.value && put(s, [...list, fresh(e.target.value as GuardCheckName, models)])}>
          <option value="">+ add a check…</option>
          {GUARD_CHECKS.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
    );
  };
  return (
    <div className="sy-stack" data-testid="field-guards">
      <span className="sy-field-note">A failed check redacts, flags (guard.failed in edge conditions) or blocks. Guards fail closed.</span>
      {stage('input')}
      {stage('output')}
    </div>
  );
}
