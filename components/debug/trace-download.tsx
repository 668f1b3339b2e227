'use client';

import { IconDownload } from '@/components/ui/icons';
import type { TraceEvent } from '@/lib/contracts/trace';
import s from './debug.module.css';

/** The trace file: the events array, same envelope as the stream and the DB. */
export function traceJson(events: readonly TraceEvent[]): string {
  return JSON.stringify(events, null, 2);
}

export function TraceDownload({ runId, events }: { runId: string | null; events: readonly TraceEvent[] }) {
  return (
    <button
      type="button"
      className={`${s.smallButton} ${s.iconButton}`}
      disabled={!runId || events.length === 0}
      title="Download this run's trace (every event) as JSON"
      data-testid="download-trace"
      onClick={() => {
        const url = URL.createObjectURL(new Blob([traceJson(events)], { type: 'application/json' }));
        const a = document.createElement('a');
        a.href = url;
        a.download = `trace-${runId}.json`;
        document.body.appendChild(a);
        a.click();
        a.remove();
        setTimeout(() => URL.revokeObjectURL(url), 1000);
      }}
    >
      <IconDownload width={13} height={13} />
      Trace JSON
    </button>
  );
}
