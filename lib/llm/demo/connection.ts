/**
 * The built-in `demo` connection: a real openai SDK client whose `fetch` is the in-process demo
 * model (fetch.ts), so demo runs take the same model-port path as any other run (streaming,
 * tool calls, usage, retries) without a network or a key.
 */
import { DEMO_CONNECTION } from '@/lib/contracts/runs';
import type { Connection } from '../connection';
import { demoFetch } from './fetch';
import type { DemoScript } from './script';

/** A base URL that can never resolve (`.invalid`): nothing is sent anywhere. */
export const DEMO_BASE_URL = 'http://demo-model.invalid/v1';

const MAX_RUNS = 500;
/** Calls per node of recent runs, so a run resumed after a pause goes on with the next reply. */
const runCalls = new Map<string, Map<string, number>>();

function callsOf(runId: string): Map<string, number> {
  let calls = runCalls.get(runId);
  if (!calls) {
    calls = new Map();
    runCalls.set(runId, calls);
    if (runCalls.size > MAX_RUNS) runCalls.delete(runCalls.keys().next().value!);
  }
  return calls;
}

/** The demo connection of one run, playing `script` (null: the input is not scripted, every call gets the explanation). */
export function demoConnection(runId: string, script: DemoScript | null, delayMs = 0): Connection {
  return {
    name: DEMO_CONNECTION,
    base_url: DEMO_BASE_URL,
    api_key: 'demo',
    fetch: demoFetch(script, { calls: callsOf(runId), delayMs }),
  };
}
