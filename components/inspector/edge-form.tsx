'use client';
/** An edge: plain (label, make conditional) or a branch (condition checked as you type, order, else, label). */
import { branchesOf } from '@/components/editor/state/convert';
import { useEditor, useEditorStore } from '@/components/editor/state/context';
import type { BranchEdgeData, EditorEdge } from '@/components/editor/state/types';
import { CelInput, Field, TextInput } from './controls';

export function EdgeForm({ edge }: { edge: EditorEdge }) {
  const store = useEditorStore();
  const badge = useEditor((s) => s.problems.byEdge[edge.id]);
  const siblings = useEditor((s) => (edge.data?.kind === 'branch' ? branchesOf(s.edges, edge.source).length : 0));
  const data = edge.data ?? { kind: 'plain' as const };
  const api = store.getState();
  const messages = [...(badge?.errors ?? []), ...(badge?.warnings ?? [])];

  return (
    <div className="sy-form" data-testid="edge-form">
      <div className="sy-form-head">
        <span className="sy-role-pill is-edge">{data.kind === 'branch' ? '⎇' : '→'}</span>
        <div>
          <div className="sy-form-title">{data.kind === 'branch' ? 'Conditional branch' : 'Edge'}</div>
          <div className="sy-muted">
            <code>{edge.source}</code> → <code>{edge.target}</code>
          </div>
        </div>
      </div>
      {messages.length > 0 && (
        <ul className="sy-msgs">
          {messages.map((m, i) => (
            <li key={i} className={i < (badge?.errors.length ?? 0) ? 'is-error' : 'is-warning'}>
              {m}
            </li>
          ))}
        </ul>
      )}
      {data.kind === 'plain' ? (
        <>
          <Field label="Label" hint="optional, shown on the canvas">
            <TextInput value={data.label ?? ''} onChange={(v) => api.updateEdge(edge.id, v ? { kind: 'plain', label: v } : { kind: 'plain' }, 'label')} testId="edge-label-input" />
          </Field>
          <button type="button" className="sy-btn" data-testid="make-conditional" onClick={() => api.setConditional(edge.id, true)}>
            Make conditional
          </button>
          <p className="sy-muted sy-small">A conditional edge is taken when its CEL condition holds; hold Alt while connecting to create one.</p>
        </>
      ) : (
        <BranchFields edge={edge} data={data} siblings={siblings} />
      )}
      <div className="sy-row sy-form-actions">
        <button type="button" className="sy-btn is-danger" data-testid="edge-delete" onClick={() => api.deleteSelection()}>
          Delete edge
        </button>
      </div>
    </div>
  );
}

function BranchFields({ edge, data, siblings }: { edge: EditorEdge; data: BranchEdgeData; siblings: number }) {
  const api = useEditorStore().getState();
  return (
    <>
      <Field label="Order" hint={`tried ${data.else ? 'last' : `#${data.index + 1} of ${siblings}`}`}>
        <div className="sy-row">
          <button type="button" className="sy-btn" data-testid="branch-up" disabled={data.index === 0} onClick={() => api.moveBranch(edge.id, -1)}>
            ↑ Earlier
          </button>
          <button type="button" className="sy-btn" data-testid="branch-down" disabled={data.index >= siblings - 1} onClick={() => api.moveBranch(edge.id, 1)}>
            ↓ Later
          </button>
        </div>
      </Field>
      <label className="sy-check">
        <input type="checkbox" checked={!!data.else} data-testid="branch-else" onChange={(e) => api.setElse(edge.id, e.target.checked)} />
        <span>else — taken when no condition before it matches</span>
      </label>
      {!data.else && (
        <>
          <Field label="Condition (CEL)" hint="over state, e.g. state.verdict == &quot;revise&quot;">
            <CelInput value={data.when ?? ''} multiline onChange={(v) => api.updateEdge(edge.id, { ...data, when: v }, 'when')} testId="edge-condition-input" />
          </Field>
          <Field label="Label" hint="for LLM routers: the choice the classifier names">
            <TextInput
              value={data.label ?? ''}
              onChange={(v) => {
                const next: BranchEdgeData = { ...data, label: v };
                if (!v) delete next.label;
                api.updateEdge(edge.id, next, 'label');
              }}
              testId="edge-label-input"
            />
          </Field>
        </>
      )}
      <button type="button" className="sy-btn" data-testid="make-plain" onClick={() => api.setConditional(edge.id, false)}>
        Make unconditional
      </button>
    </>
  );
}
