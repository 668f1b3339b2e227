import { describe, expect, it } from 'vitest';
import { DEFAULTS } from './defaults';
import { DEFAULT_MODEL_SPEC, calleesOf, callsModel, cardSummary, defaultModels } from './roles';
import type { NodeSpec, ToolSpec } from './schema';
import { validateGraph } from './validate';

const tools: Record<string, ToolSpec> = {
  ask_writer: { type: 'agent', node: 'writer' },
  calc: { type: 'calculator' },
};

describe('role facts', () => {
  it('says which nodes call a model: the agent-like roles always, a router only as an LLM classifier', () => {
    const model = (spec: NodeSpec) => callsModel(spec);
    expect(model({ role: 'agent' })).toBe(true);
    expect(model({ role: 'planner' })).toBe(true);
    expect(model({ role: 'executor' })).toBe(true);
    expect(model({ role: 'supervisor', workers: ['w'] })).toBe(true);
    expect(model({ role: 'router', mode: 'llm' })).toBe(true);
    expect(model({ role: 'router', mode: 'cel' })).toBe(false);
    expect(model({ role: 'router' })).toBe(false);
    expect(model({ role: 'tool', tool: 'calc' })).toBe(false);
    expect(model({ role: 'human', prompt: 'ok?' })).toBe(false);
    expect(model({ role: 'subgraph', graph: 'other' })).toBe(false);
  });

  it('lists the nodes a node calls: supervisor workers and the nodes behind agent tools, for agents, executors and tool nodes', () => {
    expect(calleesOf({ role: 'supervisor', workers: ['a', 'b'] }, tools)).toEqual(['a', 'b']);
    expect(calleesOf({ role: 'agent', tools: ['calc', 'ask_writer', 'missing'] }, tools)).toEqual(['writer']);
    expect(calleesOf({ role: 'executor', tools: ['ask_writer'] }, tools)).toEqual(['writer']);
    expect(calleesOf({ role: 'tool', tool: 'ask_writer' }, tools)).toEqual(['writer']);
    expect(calleesOf({ role: 'tool', tool: 'calc' }, tools)).toEqual([]);
    expect(calleesOf({ role: 'agent', tools: ['ask_writer'] }, undefined)).toEqual([]);
    expect(calleesOf({ role: 'subgraph', graph: 'other' }, tools)).toEqual([]);
    // A tool named like an Object.prototype key is not a tool.
    expect(calleesOf({ role: 'agent', tools: ['constructor'] }, tools)).toEqual([]);
  });

  it('summarises a node for its canvas card, showing the model only when it calls one', () => {
    expect(cardSummary({ role: 'agent', strategy: 'plan_execute', model: 'big', tools: ['calc'] })).toEqual({ detail: 'plan execute', model: 'big', chips: ['calc'] });
    expect(cardSummary({ role: 'agent' })).toEqual({ detail: 'tool calling', model: DEFAULTS.model, chips: [] });
    expect(cardSummary({ role: 'supervisor', workers: ['a'] })).toEqual({ detail: '1 worker', model: DEFAULTS.model, chips: ['a'] });
    expect(cardSummary({ role: 'supervisor', workers: ['a', 'b'] }).detail).toBe('2 workers');
    expect(cardSummary({ role: 'router', mode: 'llm', model: 'small' })).toEqual({ detail: 'LLM classifier', model: 'small', chips: [] });
    expect(cardSummary({ role: 'router', model: 'small' })).toEqual({ detail: 'CEL branches', chips: [] });
    expect(cardSummary({ role: 'tool', tool: 'calc', args: { expression: 'state.x' } })).toEqual({ detail: 'calls calc', chips: ['expression'] });
    expect(cardSummary({ role: 'human', prompt: 'p', kind: 'input' })).toEqual({ detail: 'asks for input', chips: [] });
    expect(cardSummary({ role: 'subgraph', graph: 'other' })).toEqual({ detail: 'runs other', chips: [] });
  });

  it('gives a fresh default models table that a graph of model-calling nodes validates with', () => {
    const models = defaultModels();
    expect(models).toEqual({ [DEFAULTS.model]: DEFAULT_MODEL_SPEC });
    models[DEFAULTS.model].model = 'changed';
    expect(defaultModels()[DEFAULTS.model].model).toBe(DEFAULT_MODEL_SPEC.model);
    const doc = { switchyard: 1 as const, name: 'g', models: defaultModels(), nodes: { a: { role: 'agent' as const } }, edges: [{ from: 'START', to: 'a' }, { from: 'a', to: 'END' }] };
    expect(validateGraph(doc).errors).toEqual([]);
  });
});
