/**
 * Wires the engine's ports for one run: the model port over lib/llm with the connection resolver,
 * the tool port with the operator's allow-list, saved graphs by name, the event recorder and the
 * checkpoint store.
 */
import 'server-only';
import { randomUUID } from 'node:crypto';
import type { RunPorts } from '@/lib/engine/ports';
import { createModelPort } from '@/lib/llm';
import { createToolPort } from '@/lib/tools';
import { notFound } from '@/lib/errors';
import { getGraphByName } from '@/db/graphs';
import { saveCheckpoint } from '@/db/runs';
import { resolveConnection } from './connections';
import { runtimeConfig } from './config';
import type { EventRecorder } from './event-recorder';

export function createRunPorts(runId: string, recorder: EventRecorder, signal: AbortSignal): RunPorts {
  const config = runtimeConfig();
  return {
    model: createModelPort({ resolveConnection, ...config.model }),
    tools: createToolPort({ allowedHosts: config.allowedHosts }),
    graphs: {
      async load(name) {
        const row = getGraphByName(name);
        if (!row) throw notFound(`Graph "${name}"`);
        return row.document;
      },
    },
    clock: { now: () => Date.now() },
    emit: (event) => recorder.emit(event),
    checkpoint: (cp) => {
      // Deltas recorded before the checkpoint stay before it in the trace.
      recorder.flush();
      if (recorder.alive()) saveCheckpoint(runId, cp);
    },
    signal,
    newId: () => randomUUID(),
  };
}
