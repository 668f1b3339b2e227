'use client';
/** The graph panel (nothing selected): name, description, models, tools, state channels, limits. */
import dynamic from 'next/dynamic';
import { useMemo } from 'react';
import { useEditor, useEditorStore } from '@/components/editor/state/context';
import { isRoleNode } from '@/components/editor/state/types';
import { DEFAULT_MODEL_SPEC } from '@/lib/graph/roles';
import { CHANNEL_TYPES, GRAPH_NAME_RULE, isGraphName, LIMIT_RANGES, SEARCH_PROVIDERS } from '@/lib/graph/constants';
import { isToolType, newTool, noReflectReason, TOOL_TYPE_LIST, TOOL_TYPES } from '@/lib/graph/tool-types';
import type { DocumentScorer, ModelSpec, StateChannel, ToolSpec, ToolType } from '@/lib/graph/schema';
import { Field, NumberInput, Select, TextInput } from './controls';
import { CodeToolFields } from './code-tool-fields';
import { GuardsEditor } from './guards-section';
import { RecordSection } from './record-section';

// The pickers (react-query lists of connections and models) load with the graph panel's models, not the editor.
const pickerLoading = () => <input className="sy-input is-mono" disabled aria-label="Loading" />;
const ConnectionSelect = dynamic(() => import('./model-pickers').then((m) => m.ConnectionSelect), { ssr: false, loading: pickerLoading });
const ModelPicker = dynamic(() => import('./model-pickers').then((m) => m.ModelPicker), { ssr: false, loading: pickerLoading });

/**
 * Whether a tool type takes `reflect` (self-reflection, lib/engine/reflection.ts): the registry's types
 * without `noReflect`. A draft may hold a type that is none of them (it is kept while invalid): no.
 */
const reflectable = (type: unknown) => isToolType(type) && noReflectReason(type) === undefined;

function ToolFields({ tool, nodes, update }: { tool: ToolSpec; nodes: string[]; update(t: ToolSpec): void }) {
  const patch = (p: Record<string, unknown>) => {
    const next = { ...tool, ...p } as Record<string, unknown>;
    for (const k of Object.keys(next)) if (next[k] === undefined || next[k] === '') if (k !== 'url' && k !== 'node') delete next[k];
    update(next as ToolSpec);
  };
  return (
    <>
      <Field label="Type">
        <Select value={tool.type} options={TOOL_TYPE_LIST} onChange={(t) => t && update(newTool(t as ToolType, nodes))} />
      </Field>
      {isToolType(tool.type) && (
        <p className="sy-muted" data-testid="tool-type-description">
          {TOOL_TYPES[tool.type].description}
        </p>
      )}
      <Field label="Description" hint="what the model reads">
        <TextInput value={tool.description ?? ''} onChange={(v) => patch({ description: v || undefined })} multiline rows={2} />
      </Field>
      {tool.type === 'http' && (
        <>
          <Field label="Method">
            <Select value={tool.method} options={['GET', 'POST', 'PUT', 'PATCH', 'DELETE']} unsetLabel="GET (default)" onChange={(m) => patch({ method: m })} />
          </Field>
          <Field label="URL" hint="{arg} placeholders">
            <TextInput value={tool.url} onChange={(v) => patch({ url: v })} mono />
          </Field>
          <Field label="Return output" hint="dotted path to keep">
            <TextInput value={tool.return_output ?? ''} onChange={(v) => patch({ return_output: v || undefined })} mono />
          </Field>
        </>
      )}
      {(tool.type === 'web_search' || tool.type === 'web_retriever') && (
        <>
          <Field label="Provider" hint="keys from the server's env">
            <Select value={tool.provider} options={[...SEARCH_PROVIDERS]} onChange={(p) => patch({ provider: p, ...(p === 'searxng' ? {} : { url: undefined }) })} />
          </Field>
          {tool.provider === 'searxng' && (
            <Field label="URL" hint="your SearXNG instance (required)">
              <TextInput value={tool.url ?? ''} onChange={(v) => patch({ url: v || undefined })} mono />
            </Field>
          )}
          <Field label="Domains" hint="comma separated; other sites dropped">
            <TextInput
              value={(tool.domains ?? []).join(', ')}
              onChange={(v) => patch({ domains: v.trim() ? v.split(',').map((d) => d.trim()).filter(Boolean) : undefined })}
            />
          </Field>
          <Field label="Top k" hint="results (default 5; retriever 3)">
            <NumberInput value={tool.top_k} onChange={(v) => patch({ top_k: v })} />
          </Field>
        </>
      )}
      {tool.type === 'web_retriever' && (
        <>
          <Field label="Mode" hint="snippets, or fetched pages">
            <Select value={tool.mode} options={['snippets', 'documents']} unsetLabel="snippets (default)" onChange={(m) => patch({ mode: m })} />
          </Field>
          {tool.mode === 'documents' && (
            <>
              <Field label="Chunk chars" hint="default 1000">
                <NumberInput value={tool.chunk_chars} onChange={(v) => patch({ chunk_chars: v })} />
              </Field>
              <Field label="Chunk overlap" hint="default 100">
                <NumberInput value={tool.chunk_overlap} onChange={(v) => patch({ chunk_overlap: v })} />
              </Field>
              <Field label="Cache TTL (s)" hint="default 3600; 0: no cache">
                <NumberInput value={tool.cache_ttl_s} onChange={(v) => patch({ cache_ttl_s: v })} />
              </Field>
            </>
          )}
        </>
      )}
      {(tool.type === 'web_retriever' || tool.type === 'document_sampler') && (
        <>
          <Field label="Top p" hint="0–1; empty: keep all (sampler: 0.9)">
            <NumberInput value={tool.top_p} step={0.05} onChange={(v) => patch({ top_p: v })} />
          </Field>
          <Field label="Scorer" hint="bm25 needs no model">
            <Select
              value={tool.scorer?.type}
              options={['bm25', 'rerank', 'embeddings']}
              unsetLabel="bm25 (default)"
              onChange={(t) => patch({ scorer: t === 'rerank' || t === 'embeddings' ? { type: t, connection: 'default', model: '' } : t === 'bm25' ? { type: 'bm25' } : undefined })}
            />
          </Field>
          {tool.scorer && tool.scorer.type !== 'bm25' && (
            <>
              <Field label="Scorer connection">
                <TextInput value={tool.scorer.connection} onChange={(v) => patch({ scorer: { ...(tool.scorer as DocumentScorer), connection: v } })} mono />
              </Field>
              <Field label="Scorer model">
                <TextInput value={tool.scorer.model} onChange={(v) => patch({ scorer: { ...(tool.scorer as DocumentScorer), model: v } })} mono />
              </Field>
            </>
          )}
        </>
      )}
      {tool.type === 'code' && <CodeToolFields tool={tool} patch={patch} />}
      {tool.type === 'openapi' && (
        <>
          <Field label="Spec URL" hint="fetched when the graph is saved">
            <TextInput value={tool.spec_url ?? ''} onChange={(v) => patch({ spec_url: v || undefined })} mono />
          </Field>
          <Field label="Operations" hint="operationIds offered, comma separated">
            <TextInput value={tool.operations.join(', ')} onChange={(v) => patch({ operations: v.split(',').map((o) => o.trim()).filter(Boolean) })} mono />
          </Field>
          <Field label="Base URL" hint="default: the spec's first server">
            <TextInput value={tool.base_url ?? ''} onChange={(v) => patch({ base_url: v || undefined })} mono />
          </Field>
        </>
      )}
      {tool.type === 'mcp' && (
        <>
          <Field label="Server" hint="an MCP server from Settings">
            <TextInput value={tool.server} onChange={(v) => patch({ server: v })} mono />
          </Field>
          <Field label="Tools" hint="the server's tools offered, comma separated">
            <TextInput value={tool.tools.join(', ')} onChange={(v) => patch({ tools: v.split(',').map((o) => o.trim()).filter(Boolean) })} mono />
          </Field>
        </>
      )}
      {reflectable(tool.type) && (
        <Field label="Reflect" hint={`self-reflection: most reruns with a rephrased input (0: off)${tool.type === 'openapi' ? ', per operation' : tool.type === 'mcp' ? ', per server tool' : ''}`}>
          <NumberInput value={(tool as { reflect?: number }).reflect} onChange={(v) => patch({ reflect: v || undefined })} testId={`tool-reflect-${tool.type}`} />
        </Field>
      )}
      {tool.type === 'agent' && (
        <Field label="Node" hint="the agent offered as a tool">
          <Select value={tool.node} options={nodes} onChange={(n) => patch({ node: n ?? '' })} />
        </Field>
      )}
    </>
  );
}

export function GraphForm() {
  const store = useEditorStore();
  const graph = useEditor((s) => s.graph);
  const nodeList = useEditor((s) => s.nodes.filter(isRoleNode).map((n) => n.id).join('\n'));
  const nodes = useMemo(() => nodeList.split('\n').filter(Boolean), [nodeList]);
  const api = store.getState();
  const nameErr = isGraphName(graph.name) ? null : `name ${GRAPH_NAME_RULE}`;
  const limits = graph.limits ?? {};

  return (
    <div className="sy-form" data-testid="graph-form">
      <div className="sy-form-head">
        <span className="sy-role-pill is-edge">▦</span>
        <div>
          <div className="sy-form-title">Graph</div>
          <div className="sy-muted">Select a node or an edge to edit it.</div>
        </div>
      </div>
      <Field label="Name" messages={nameErr ? [nameErr] : []}>
        <TextInput value={graph.name} onChange={(v) => api.setGraph({ name: v }, 'name')} testId="graph-name-input" mono />
      </Field>
      <Field label="Description">
        <TextInput value={graph.description ?? ''} multiline rows={3} onChange={(v) => api.setGraph({ description: v || undefined }, 'description')} testId="graph-description-input" />
      </Field>
      <Field label="Answer" hint="a state channel or CEL; empty: the last reply in messages">
        <TextInput value={graph.output ?? ''} onChange={(v) => api.setGraph({ output: v || undefined }, 'output')} testId="graph-output-input" mono />
      </Field>
      <RecordSection<ModelSpec>
        title="Models"
        noun="model"
        testId="models"
        value={graph.models}
        onChange={(models) => api.setGraph({ models })}
        make={() => ({ ...DEFAULT_MODEL_SPEC })}
        render={(id, m, update) => (
          <>
            <Field label="Connection" hint="configured by the operator">
              <ConnectionSelect value={m.connection} onChange={(v) => update({ ...m, connection: v })} label={`Connection of model ${id}`} testId={`model-connection-${id}`} fieldPath={`models.${id}.connection`} />
            </Field>
            <Field label="Model">
              <ModelPicker connection={m.connection} value={m.model} onChange={(v) => update({ ...m, model: v })} label={`Model of ${id}`} testId={`model-name-${id}`} fieldPath={`models.${id}.model`} />
            </Field>
            <Field label="Temperature">
              <NumberInput value={m.temperature} onChange={(v) => update(v === undefined ? (({ temperature: _t, ...r }) => r)(m) : { ...m, temperature: v })} />
            </Field>
          </>
        )}
      />
      <RecordSection<ToolSpec>
        title="Tools"
        noun="tool"
        testId="tools"
        value={graph.tools}
        onChange={(tools) => api.setGraph({ tools })}
        make={() => newTool('calculator', nodes)}
        render={(_id, t, update) => <ToolFields tool={t} nodes={nodes} update={update} />}
      />
      <RecordSection<StateChannel>
        title="State channels"
        noun="channel"
        testId="state"
        value={graph.state}
        onChange={(state) => api.setGraph({ state })}
        make={() => ({ type: 'string' })}
        render={(_id, c, update) => (
          <div className="sy-row">
            <Select value={c.type} options={CHANNEL_TYPES} onChange={(t) => t && update({ ...c, type: t as StateChannel['type'] })} />
            <Select
              value={c.reducer}
              options={['append', 'replace', 'merge']}
              unsetLabel="reducer: default"
              onChange={(r) => update(r ? { ...c, reducer: r as StateChannel['reducer'] } : (({ reducer: _r, ...rest }) => rest)(c))}
            />
          </div>
        )}
      />
      <section className="sy-section" data-testid="graph-guards">
        <h3 className="sy-section-title">Guards</h3>
        <GuardsEditor value={graph.guards} models={Object.keys(graph.models ?? {})} onChange={(guards) => api.setGraph({ guards }, 'guards')} />
      </section>
      <section className="sy-section">
        <h3 className="sy-section-title">Limits</h3>
        {(Object.keys(LIMIT_RANGES) as (keyof typeof LIMIT_RANGES)[]).map((k) => (
          <Field key={k} label={k.replace(/_/g, ' ')} hint={`${LIMIT_RANGES[k].min}–${LIMIT_RANGES[k].max}`}>
            <NumberInput
              value={limits[k]}
              testId={`limit-${k}`}
              onChange={(v) => {
                const next = { ...limits, [k]: v };
                if (v === undefined) delete next[k];
                api.setGraph({ limits: Object.keys(next).length ? next : undefined }, `limit-${k}`);
              }}
            />
          </Field>
        ))}
      </section>
    </div>
  );
}
