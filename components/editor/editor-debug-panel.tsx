'use client';
/**
 * The run panel as the editor mounts it, with what it needs from the editor's document (kept out of
 * the shell so the shell does not re-render on edits). The shell loads this module on demand: the
 * panel's internals (trace, history, pause card, tests tab) are not part of the editor's first load.
 */
import { useEffect, useState } from 'react';
import { DebugPanel, type DebugPanelProps } from '@/components/debug/debug-panel';
import { defaultRunInput } from '@/components/debug/default-input';
import { useEditor } from './state/context';

export function EditorDebugPanel(props: DebugPanelProps) {
  const description = useEditor((s) => s.graph.description);
  const runNotice = useRunNotice();
  // The panel starts a run for each *new* runRequest value it sees after mounting. A Run asked for
  // while this module was still loading must not be lost: mount at 0, then pass the real counter.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return <DebugPanel {...props} runRequest={mounted ? props.runRequest : 0} defaultInput={defaultRunInput(description)} runNotice={runNotice} />;
}

/** Runs use the saved graph: while errors keep edits from being saved, say so next to the Run button. */
function useRunNotice(): string | undefined {
  const errors = useEditor((s) => s.problems.errorCount);
  if (!errors) return undefined;
  return `The graph has ${errors} error${errors === 1 ? '' : 's'}, so your latest edits are not saved: a run uses the last saved version.`;
}
