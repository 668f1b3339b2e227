/**
 * Replay from recordings (time travel): every model and tool call is recorded by node and exact
 * request through `ports.recordings`; in a replay, a call whose node and request match a recorded
 * call of the replayed run (or a cassette) gets the recorded result, and only calls whose request
 * changed (a prompt edit, a fork's state, another graph version) reach the model or the tool. The
 * trace marks each call of a replay `recording: 'recorded' | 'live'`.
 * This comes after activities (activities.ts, replay.ts): a call the run itself already made
 * (before a crash or a pause) is replayed from there first.
 */
import type { CallRequest } from './ports';
import type { ExecContext } from './scope';

/** What identifies a model call for a replay (the connection is not part of it). */
export function llmRequest(r: { model: string; messages: unknown; tools?: unknown; stop?: unknown; temperature?: unknown }): Record<string, unknown> {
  return { model: r.model, messages: r.messages, tools: r.tools ?? null, stop: r.stop ?? null, temperature: r.temperature ?? null };
}

export function toolRequest(tool: string, args: unknown): Record<string, unknown> {
  return { tool, args: args ?? null };
}

function callOf(ctx: ExecContext, kind: CallRequest['kind'], request: Record<string, unknown>): CallRequest {
  return { kind, node: ctx.nodeId, request };
}

/** The recorded result of this call in a replay (when `accept` agrees it fits), else undefined. */
export function recordedResult<T>(ctx: ExecContext, kind: CallRequest['kind'], request: Record<string, unknown>, accept: (r: unknown) => r is T): undefined | Promise<T | undefined> {
  const lookup = ctx.scope.ports.recordings?.lookup;
  if (!lookup) return undefined; // not a replay: nothing to look up (and no promise to wait for)
  return Promise.resolve(lookup.call(ctx.scope.ports.recordings, callOf(ctx, kind, request))).then((r) => (accept(r) ? structuredClone(r) : undefined));
}

/** Records a finished call (live or from a recording) so this run can be replayed in turn. */
export function keepRecording(ctx: ExecContext, kind: CallRequest['kind'], key: string, request: Record<string, unknown>, result: unknown): void | Promise<void> {
  const recordings = ctx.scope.ports.recordings;
  if (recordings) return Promise.resolve(recordings.record({ ...callOf(ctx, kind, request), key, result })).then(() => undefined);
}

/** llm.response / tool.result field of a replay: was the call answered from a recording? */
export function recordingMark(ctx: ExecContext, fromRecording: boolean): { recording?: 'recorded' | 'live' } {
  return ctx.scope.ports.recordings?.lookup ? { recording: fromRecording ? 'recorded' : 'live' } : {};
}
