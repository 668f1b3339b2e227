/**
 * <DebugPanel graphId=… /> — run a graph and watch it step by step.
 *
 * MOUNTING (editor page, app/graphs/[id]):
 *
 *   import { RunStoreProvider } from '@/components/debug/run-store';
 *   import { DebugPanel } from '@/components/debug/debug-panel';
 *
 *   <RunStoreProvider>                 // one run store per editor; wraps canvas AND panel
 *     <ReactFlow … />                  // the canvas
 *     <DebugPanel graphId={id} />      // docked below or beside the canvas; it collapses itself
 *   </RunStoreProvider>
 *
 *   Props: graphId (required), runId? (open this run on mount, e.g. from ?run=…),
 *   defaultOpen? (true) or open + onOpenChange (controlled; the panel asks to open itself on a run,
 *   a pause or an error), runRequest? (a counter: each new value starts a run with the box's input,
 *   or `defaultInput` when the box is empty), focus + onFocusChange (the run focus layout toggle),
 *   onRunChange?(runId) (e.g. to put the run in the URL). The panel uses the app's QueryClient when present, else its own.
 *
 * CANVAS WIRING (one line each, in components/canvas; the hooks are inert outside a provider):
 *
 *   Node root:   const runStatus = useNodeRunStatus(id);
 *                <div data-run-status={runStatus} data-breakpoint={useBreakpoint(id) || undefined} …>
 *                  → running / done / failed / skipped / paused outlines come from components/canvas/run-status.css
 *                    (global, imported by run-store.ts); the root needs position: relative for
 *                    the breakpoint dot.
 *   Breakpoint:  const toggleBreakpoint = useToggleBreakpoint();
 *                <button onClick={() => toggleBreakpoint(id)} aria-pressed={useBreakpoint(id)}>
 *   Edge:        const run = useEdgeRun(source, target);   // { count, branch_index, condition, latest }
 *                <BaseEdge … className={run ? 'taken' : ''}
 *                  data-run-taken={run ? 'true' : undefined} data-run-latest={run?.latest ? 'true' : undefined}
 *                  animated={run?.latest} />  and label a conditional edge with `#${run.branch_index + 1} ×${run.count}`.
 *
 * All model output and tool results are rendered as React text (never as HTML; markdown is not
 * rendered). The standalone shareable page is app/runs/[id].
 */
'use client';
import dynamic from 'next/dynamic';

import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { deltaOf } from '@/lib/contracts/state-delta';
import { eventData } from '@/lib/contracts/trace';
import { buildTimeline, nodesInTrace } from './timeline-tree';
import { useRunStore } from './run-store';
import { useGraphNodes } from './run-api';
import { useRunSession } from './use-run-session';
import { isTerminal } from './run-view';
import { TimelineView } from './timeline';
import { StepDetails } from './step-details';
import { PauseCard } from './pause-card';
import { BreakpointsList } from './breakpoints-list';
import { RunHistory } from './run-history';
import { StateAtStep } from './state-at-step';
import { TraceDownload } from './trace-download';
import { ConnectionBadge, RunControls } from './run-controls';
import { AnswerCard } from './answer-card';
import { useDemoChoice } from './demo-offer';
import { runNeedsDemoChoice } from './demo-gate';
import { FALLBACK_RUN_INPUT } from './default-input';
import { parseRunInput, prefillRunInput } from './run-input';
import { QueryBoundary } from '@/components/ui/query-boundary';
import { TestsPane } from '@/components/tests/tests-pane';
import { testsBadge, useGraphTests } from '@/components/tests/use-graph-tests';
import { formatCost, costTitle, traceCost } from './cost';
import s from './debug.module.css';

/** The Chat tab (react-markdown and its conversations) loads when it is first opened. */
const ChatPane = dynamic(() => import('@/components/chat/chat-pane').then((m) => m.ChatPane), { ssr: false });

export interface DebugPanelProps {
  graphId: string;
  /** Open this run on mount (replayed from its stored events, followed live if still running). */
  runId?: string;
  defaultOpen?: boolean;
  /** Called when the panel switches to another run (started, or picked from the history). */
  onRunChange?(runId: string | null): void;
  /** A caveat shown under the run input, e.g. that unsaved edits are not part of a run. */
  runNotice?: string;
  /** Controlled open state (with onOpenChange); else the panel keeps its own, starting at defaultOpen. */
  open?: boolean;
  onOpenChange?(open: boolean): void;
  /** Each new value starts a run (the Run button of the editor's header, Ctrl/Cmd+Enter). */
  runRequest?: number;
  /** Each new value opens the panel and puts the keyboard in the run input (the header's Run on a folded panel). */
  inputRequest?: number;
  /** What an empty input box runs with. */
  defaultInput?: string;
  /** The run focus layout (trace large): shows a toggle in the header when onFocusChange is given. */
  focus?: boolean;
  onFocusChange?(focus: boolean): void;
}

export function DebugPanel(props: DebugPanelProps) {
  return (
    <QueryBoundary>
      <Panel {...props} />
    </QueryBoundary>
  );
}

type Tab = 'trace' | 'chat' | 'history' | 'breakpoints' | 'tests';

function Panel({
  graphId,
  runId: initialRunId,
  defaultOpen = true,
  onRunChange,
  runNotice,
  open: openProp,
  onOpenChange,
  runRequest = 0,
  inputRequest = 0,
  defaultInput = FALLBACK_RUN_INPUT,
  focus,
  onFocusChange,
}: DebugPanelProps) {
  const session = useRunSession(graphId, initialRunId);
  const changed = useRef(onRunChange);
  useEffect(() => {
    changed.current = onRunChange;
  });
  useEffect(() => {
    if (session.runId) changed.current?.(session.runId);
  }, [session.runId]);
  const events = useRunStore((st) => st.events);
  const interrupt = useRunStore((st) => st.interrupt);
  const usage = useRunStore((st) => st.usage);
  const runError = useRunStore((st) => st.error);
  const breakpoints = useRunStore((st) => st.breakpoints);
  const graph = useGraphNodes(graphId);
  const [ownOpen, setOwnOpen] = useState(defaultOpen);
  const open = openProp ?? ownOpen;
  const openChange = useRef(onOpenChange);
  useEffect(() => {
    openChange.current = onOpenChange;
  });
  const setOpen = useCallback((v: boolean) => {
    setOwnOpen(v);
    openChange.current?.(v);
  }, []);
  const [tab, setTab] = useState<Tab>('trace');
  const tests = useGraphTests(graphId, open && tab === 'tests');
  const [selected, setSelected] = useState<string | null>(null);
  const onSelect = useCallback((id: string) => setSelected(id), []);
  /** Shows another run of the graph (picked in the history, or a fork or replay just started). */
  const openRun = (id: string) => {
    setSelected(null);
    setTab('trace');
    void session.replay(id);
  };

  // The trace is only built while the panel is open (a closed panel still feeds the canvas), and
  // from a deferred copy of the events: React renders it in interruptible slices, so a burst of
  // events never blocks input or paint for long.
  const traceEvents = useDeferredValue(events);
  const timeline = useMemo(() => (open ? buildTimeline(traceEvents) : null), [open, traceEvents]);
  const traceNodes = useMemo(() => (open ? nodesInTrace(traceEvents) : []), [open, traceEvents]);
  const cost = useMemo(() => traceCost(traceEvents), [traceEvents]);
  const pause = useMemo(() => {
    if (!interrupt) return { seq: 0, state: undefined as unknown };
    let seq = 0;
    let state: unknown = undefined;
    for (let i = events.length - 1; i >= 0 && (!seq || state === undefined); i--) {
      if (!seq && events[i].type === 'run.interrupted') seq = events[i].seq;
      if (state === undefined) {
        // Whole values only: an appended channel's delta holds just its new items, not the list to edit.
        const d = eventData(events[i], 'state.updated');
        if (d) state = deltaOf(d).set ?? {};
      }
    }
    return { seq, state };
  }, [interrupt, events]);
  const connections = useMemo(() => {
    const used = new Set<string>();
    for (const e of events) {
      const conn = eventData(e, 'llm.request')?.connection;
      if (conn) used.add(conn);
    }
    return used.size ? [...used] : (graph.data?.connections ?? []);
  }, [events, graph.data]);

  // Bubbles name the speaking agent when more than one node can speak.
  const multiAgent = (graph.data?.nodes.filter((n) => n.role !== 'human' && n.role !== 'tool' && n.role !== 'router').length ?? 0) > 1;
  const live = session.runId !== null && !isTerminal(session.status) && session.status !== 'idle';
  // No connection configured: the demo model is offered (demo-offer.tsx); chosen, an empty box runs its first scripted input.
  const demo = useDemoChoice(graphId, graph.data?.connections ?? []);
  const runDefault = demo.chosen && demo.inputs.length ? demo.inputs[0] : defaultInput;

  // The input box: prefilled with the input of a run opened from the history or the URL, unless the user typed there.
  const [text, setText] = useState('');
  const prefilled = useRef<string | null>(null);
  useEffect(() => {
    const opened = session.opened;
    if (!opened) return;
    const before = prefilled.current;
    prefilled.current = opened.input;
    setText((box) => prefillRunInput(box, before, opened.input));
  }, [session.opened]);
  const [inputError, setInputError] = useState<string | null>(null);
  const startRun = useRef<() => void>(() => {});
  // A Run pressed before the configured connections are known waits for them (it may need the demo choice).
  const [deferredRun, setDeferredRun] = useState(false);
  startRun.current = () => {
    setOpen(true);
    if (live || session.starting) return;
    if (demo.loading) return setDeferredRun(true);
    // It could only fail with no_connection: show the demo offer (and why) instead.
    if (runNeedsDemoChoice(demo)) return demo.ask();
    const used = text.trim() ? text : runDefault;
    const p = parseRunInput(used);
    if (!p.ok) return setInputError(p.error);
    setInputError(null);
    if (used !== text) setText(used);
    setSelected(null);
    setTab('trace');
    session.run(demo.chosen ? { ...p.body, connection_override: 'demo' } : p.body);
  };
  useEffect(() => {
    if (!deferredRun || demo.loading) return;
    setDeferredRun(false);
    startRun.current();
  }, [deferredRun, demo.loading]);
  const submit = useCallback(() => startRun.current(), []);
  const handledRequest = useRef(runRequest);
  useEffect(() => {
    if (runRequest === handledRequest.current) return;
    handledRequest.current = runRequest;
    startRun.current();
  }, [runRequest]);

  const inputRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (!inputRequest) return;
    setOpen(true);
    const raf = requestAnimationFrame(() => inputRef.current?.focus());
    return () => cancelAnimationFrame(raf);
  }, [inputRequest, setOpen]);

  // A run that starts, pauses or fails opens the panel (it may have been started elsewhere).
  const failure = session.error ?? session.stream.error ?? runError?.message ?? null;
  useEffect(() => {
    if (session.status === 'running' || session.status === 'paused' || interrupt || failure) setOpen(true);
  }, [session.status, interrupt, failure, setOpen]);

  const shownRow = timeline?.rows.get(selected ?? timeline.roots[0] ?? '');

  return (
    <section className={s.panel} data-testid="debug-panel" data-open={open} aria-label="Run and debug">
      <header className={s.head}>
        <button type="button" className={s.caret} onClick={() => setOpen(!open)} aria-expanded={open} aria-label={open ? 'Close the debug panel' : 'Open the debug panel'} data-testid="toggle-panel">
          {open ? '▾' : '▸'}
        </button>
        <h2 className={s.title}>
          <button type="button" className={s.titleButton} onClick={() => setOpen(!open)} aria-expanded={open} data-testid="panel-title" title={open ? 'Fold the run panel' : 'Open the run panel'}>
            Run
          </button>
        </h2>
        <span
          className={s.status}
          data-status={session.status}
          data-testid="run-status"
          title={session.status === 'queued' ? 'Waiting for a free run slot: the server runs at most SWITCHYARD_MAX_CONCURRENT_RUNS at once' : undefined}
        >
          {session.status === 'idle' ? 'no run' : session.status}
        </span>
        {session.runId && (
          <a className={s.runLink} href={`/runs/${encodeURIComponent(session.runId)}`} data-testid="run-link" title={`Open run ${session.runId} as a shareable page`}>
            {session.runId}
          </a>
        )}
        {usage.input + usage.output > 0 && (
          <span className={s.muted} data-testid="run-tokens">
            {usage.input.toLocaleString()} in · {usage.output.toLocaleString()} out tokens
          </span>
        )}
        {usage.input + usage.output > 0 && (
          <span className={s.muted} data-testid="run-cost" title={costTitle(cost)}>
            {formatCost(cost)}
          </span>
        )}
        {session.stream.state === 'reconnecting' && <span className={s.warnText}>reconnecting…</span>}
        <span className={s.spacer} />
        <ConnectionBadge names={connections} />
        <TraceDownload runId={session.runId} events={events} />
        {onFocusChange && open && (
          <button
            type="button"
            className={s.smallButton}
            aria-pressed={!!focus}
            onClick={() => onFocusChange(!focus)}
            data-testid="toggle-run-focus"
            title={focus ? 'Back to the normal layout' : 'Run focus: the trace large, the canvas a strip above it'}
          >
            {focus ? 'Normal layout' : 'Focus trace'}
          </button>
        )}
      </header>
      {open && (
        <>
          {tab !== 'chat' && (
          <>
          <div className={s.runTop}>
          <RunControls
            text={text}
            onText={setText}
            defaultInput={runDefault}
            running={live}
            canRun={!!graphId}
            starting={session.starting}
            stopping={session.stopping}
            error={inputError ?? session.error ?? session.stream.error}
            onSubmit={submit}
            onStop={session.stop}
            demo={demo}
            hasRun={session.runId !== null}
            inputRef={inputRef}
          />
          {!live && <AnswerCard events={events} />}
          </div>
          {runNotice && (
            <p className={s.notice} role="note" data-testid="run-notice">
              {runNotice}
            </p>
          )}
          {interrupt && (
            <PauseCard
              key={pause.seq}
              interrupt={interrupt}
              state={pause.state}
              channels={graph.data?.state}
              busy={session.resuming}
              error={session.resumeError}
              onResume={session.resume}
            />
          )}
          {session.status === 'interrupted' && (
            <div className={s.pause} data-testid="interrupted-card" role="status">
              <p className={s.prompt}>This run was cut off by a server restart. Its last checkpoint is saved: resume it from there.</p>
              <div className={s.actions}>
                <button type="button" className={s.primary} disabled={session.resuming} onClick={() => session.resume({ action: 'continue' })} data-testid="resume-interrupted">
                  Resume from the last checkpoint
                </button>
              </div>
              {session.resumeError && <p className={s.errorText}>{session.resumeError}</p>}
            </div>
          )}
          {runError?.code === 'rejected' ? (
            <p className={s.rejectedBanner} role="status" data-testid="run-rejected">
              {runError.message}. The run ended here.
            </p>
          ) : (
            runError && (
              <p className={s.errorBanner} role="alert" data-testid="run-failure">
                {runError.code}: {runError.message}
              </p>
            )
          )}
          </>
          )}
          <nav className={s.tabs} role="tablist">
            {(
              [
                ['trace', 'Trace'],
                ...(graphId ? [['chat', 'Chat']] : []),
                ['history', 'History'],
                ['breakpoints', `Breakpoints${breakpoints.length ? ` (${breakpoints.length})` : ''}`],
                ...(graphId ? [['tests', `Tests${tests.run ? ` ${testsBadge(tests.run)}` : ''}`]] : []),
              ] as Array<[Tab, string]>
            ).map(([id, label]) => (
              <button key={id} type="button" role="tab" aria-selected={tab === id} className={s.tab} onClick={() => setTab(id)} data-testid={`tab-${id}`}>
                {label}
              </button>
            ))}
          </nav>
          {tab === 'trace' && timeline && (
            <div className={s.body} data-testid="trace-body">
              <TimelineView timeline={timeline} nodes={traceNodes} selectedId={selected} onSelect={onSelect} />
              <div className={s.detailsPane}>
                <StepDetails row={shownRow} timeline={timeline} />
                {session.runId && shownRow && <StateAtStep runId={session.runId} step={shownRow.events[0]?.step ?? 0} live={live} nodes={graph.data?.nodes.map((n) => n.id) ?? traceNodes} onForked={openRun} />}
              </div>
            </div>
          )}
          {tab === 'chat' && graphId && <ChatPane graphId={graphId} multiAgent={multiAgent} demo={demo} onOpenTrace={openRun} />}
          {tab === 'history' && (
            <div className={s.pane}>
              <RunHistory graphId={graphId} currentRunId={session.runId} onReplay={openRun} />
            </div>
          )}
          {tab === 'tests' && <TestsPane t={tests} />}
          {tab === 'breakpoints' && <BreakpointsList nodes={graph.data?.nodes ?? traceNodes.map((id) => ({ id }))} />}
        </>
      )}
    </section>
  );
}
