'use client';
/**
 * A node's `memory` (agent and supervisor nodes; lib/graph/roles.ts takesMemory): the turn window,
 * the summary of older turns and entity memory, each with its own model (default: the node's).
 * Clearing every part removes `memory` from the node.
 */
import type { MemorySpec } from '@/lib/graph/schema';
import { NumberInput, Select } from './controls';

type Part = 'summary' | 'entities';
const COUNT: Record<Part, 'after' | 'every'> = { summary: 'after', entities: 'every' };
const LABEL: Record<Part, string> = {
  summary: 'Summarize the turns older than the window once the conversation has more turns than',
  entities: 'Extract the people, places, organizations… of the conversation every N turns',
};

export function MemoryEditor({ value, models, onChange }: { value: MemorySpec | undefined; models: string[]; onChange(v: MemorySpec | undefined): void }) {
  const v: Partial<MemorySpec> = value ?? {};
  const put = (next: Partial<MemorySpec>) => {
    const clean = Object.fromEntries(Object.entries(next).filter(([, x]) => x !== undefined)) as MemorySpec;
    onChange(Object.keys(clean).length ? clean : undefined);
  };
  const part = (p: Part) => {
    const cur = v[p] as { after?: number; every?: number; model?: string } | undefined;
    const key = COUNT[p];
    return (
      <div className="sy-stack" data-testid={`field-memory-${p}`}>
        <label className="sy-check">
          <input type="checkbox" checked={cur !== undefined} data-testid={`field-memory-${p}-on`} onChange={(e) => put({ ...v, [p]: e.target.checked ? { [key]: p === 'summary' ? 6 : 2 } : undefined })} />{' '}
          {LABEL[p]}
        </label>
        {cur && (
          <div className="sy-kv">
            <NumberInput value={cur[key]} onChange={(n) => put({ ...v, [p]: { ...cur, [key]: n } })} testId={`field-memory-${p}-${key}`} />
            <Select value={cur.model} options={models} onChange={(m) => put({ ...v, [p]: { ...cur, model: m } })} unsetLabel="node's model" testId={`field-memory-${p}-model`} />
          </div>
        )}
      </div>
    );
  };
  return (
    <div className="sy-stack" data-testid="field-memory">
      <span className="sy-field-note">Kept per conversation (an assistants thread, a conversation_id). A turn is a message of the user and everything up to the next one.</span>
      <label className="sy-stack">
        <span>Window: the last N turns go into the prompt (empty: all)</span>
        <NumberInput value={v.window} onChange={(n) => put({ ...v, window: n })} testId="field-memory-window" />
      </label>
      {part('summary')}
      {part('entities')}
    </div>
  );
}
