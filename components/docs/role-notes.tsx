/** Runtime behaviour of each role (how lib/engine runs it). A missing role is a compile error. */
import type { ReactNode } from 'react';
import { DEFAULTS } from '@/lib/graph/defaults';
import type { NodeRole } from '@/lib/graph/schema';
import { C } from './parts';

export const ROLE_NOTES: Record<NodeRole, ReactNode> = {
  agent: (
    <>
      Runs its <a href="#strategies">strategy</a>: <C>{DEFAULTS.strategy}</C> by default, up to <C>max_steps</C> ({DEFAULTS.max_steps}) model turns. Its
      final answer is appended to <C>messages</C> as an assistant message and written to <C>output</C> if set. Without <C>input</C> it works on the
      conversation in <C>state.messages</C> (react and plan_execute take the last user message as the question).
    </>
  ),
  planner: (
    <>
      Asks the model for a numbered plan and writes it (a list of strings) to <C>output</C>, default <C>plan</C>, replacing any earlier plan. Pair it
      with an executor.
    </>
  ),
  executor: (
    <>
      Reads the plan from <C>state.plan</C> (or a planner’s output channel), runs each step as a tool-calling loop (<C>max_steps</C> turns a step,
      default {DEFAULTS.max_steps}), revises the rest of the plan when a step fails (up to <C>max_revisions</C>, default {DEFAULTS.max_revisions}), then
      answers. Results accumulate in <C>past_steps</C>.
    </>
  ),
  supervisor: (
    <>
      Its <C>workers</C> are offered to the model as tools (name = node id, description = the worker’s description). Each call runs that worker with the
      given task; it loops until it answers in text (<C>max_steps</C>, default {DEFAULTS.max_steps}). See <a href="#supervisors">Supervisors</a>.
    </>
  ),
  tool: (
    <>
      One deterministic call: each entry of <C>args</C> is a CEL expression evaluated over the state; the result goes to <C>output</C>. A tool error fails
      the run.
    </>
  ),
  router: (
    <>
      Needs a conditional edge. <C>mode: cel</C> (default) does nothing itself: the branches’ conditions decide. <C>mode: llm</C> asks the model to pick
      a branch label. See <a href="#llm-routers">LLM routers</a>.
    </>
  ),
  human: (
    <>
      Pauses the run and shows <C>prompt</C> and <C>show</C> (default: the last message). Resumed with approve, reject or edit. See{' '}
      <a href="#human">Human steps</a>.
    </>
  ),
  subgraph: (
    <>
      Loads the saved graph named <C>graph</C> and runs it to completion as one step (its events nest under this node). Its output is the node’s answer.
      See <a href="#subgraphs">Subgraphs</a>.
    </>
  ),
  map: (
    <>
      Runs the saved graph <C>graph</C> once per item of <C>items</C>, <C>max_concurrency</C> at a time, and writes the outputs in order to{' '}
      <C>output</C>. Each item is a child span in the trace. See <a href="#map">Map</a>.
    </>
  ),
};
