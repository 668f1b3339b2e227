/**
 * OpenTelemetry export (issue 13): with OTEL_EXPORTER_OTLP_ENDPOINT (or ..._TRACES_ENDPOINT) set,
 * each run that ends is exported as one trace over OTLP/HTTP (JSON), built from its recorded
 * events after it ends (otel-export-spans.ts). The exporter reads the standard OTEL_EXPORTER_OTLP_*
 * variables (headers, timeout); OTEL_SERVICE_NAME names the service (default `switchyard`);
 * OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT=true adds prompts, replies and tool arguments
 * and results; OTEL_SDK_DISABLED=true turns it off. A failed export is logged, never fatal.
 */
import 'server-only';
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Span } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { isTerminalStatus, type TraceEvent } from '@/lib/contracts/trace';
import { getStore } from '@/db/store';
import { redactValue } from '@/lib/tools/redact';
import { planSpans, type RunInfo } from './otel-export-spans';

type Env = Record<string, string | undefined>;

export function otelEnabled(env: Env = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  return !!(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim());
}

const captureContent = (env: Env) => env.OTEL_INSTRUMENTATION_GENAI_CAPTURE_MESSAGE_CONTENT?.trim().toLowerCase() === 'true';

/** Exports one run's events as a trace; resolves once the exporter has sent it (or failed). */
export async function exportRunTrace(run: RunInfo, events: readonly TraceEvent[], env: Env = process.env): Promise<void> {
  // The events were redacted when recorded; the spans pass the redactor again (a secret learned since is masked too).
  const planned = redactValue(planSpans(run, events, captureContent(env)));
  if (!planned.length) return;
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: env.OTEL_SERVICE_NAME?.trim() || 'switchyard' }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter(), { maxExportBatchSize: 2048, maxQueueSize: 8192 })],
  });
  try {
    const tracer = provider.getTracer('switchyard');
    const made = new Map<string, Span>();
    for (const p of planned) {
      const parent = p.parent ? made.get(p.parent) : undefined;
      const ctx = parent ? trace.setSpan(ROOT_CONTEXT, parent) : ROOT_CONTEXT;
      const kind = p.kind === 'client' ? SpanKind.CLIENT : SpanKind.INTERNAL;
      made.set(p.id, tracer.startSpan(p.name, { kind, startTime: new Date(p.start), attributes: p.attributes, root: !parent }, ctx));
    }
    for (const p of planned.slice().reverse()) {
      const span = made.get(p.id)!;
      if (p.error !== undefined) {
        span.setStatus({ code: SpanStatusCode.ERROR, message: p.error });
        span.setAttribute('error.type', p.error.split(':')[0] || 'error');
      }
      span.end(new Date(p.end));
    }
    await provider.forceFlush();
  } finally {
    await provider.shutdown();
  }
}

/** After a run settles: export it when OTLP is configured and the run has ended (not while paused). */
export async function exportFinishedRun(runId: string, env: Env = process.env): Promise<void> {
  if (!otelEnabled(env)) return;
  try {
    const store = getStore();
    const row = await store.runs.get(runId);
    if (!row || !isTerminalStatus(row.status)) return;
    const info: RunInfo = { id: row.id, graph: row.graphName, conversationId: row.conversationId };
    await exportRunTrace(info, await store.events.list(runId), env);
  } catch (err) {
    console.error(`[switchyard] OpenTelemetry export of run ${runId} failed:`, err instanceof Error ? err.message : err);
  }
}
