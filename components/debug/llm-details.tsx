'use client';

import type { TimelineRow, Timeline } from './timeline-tree';
import { observationFor } from './timeline-tree';
import { requestPrompt } from './request-prompt';
import { eventData } from '@/lib/contracts/trace';
import { asText } from './trace-data';
import { CopyJsonButton } from './copy-json-button';
import { FoldText } from './fold-text';
import { Facts, Section, ms } from './details-parts';
import s from './debug.module.css';

const PARAMS = ['temperature', 'top_p', 'max_tokens', 'stop', 'seed', 'response_format'] as const;

/** A model call: exact messages sent, raw output, react parse, model/params/usage/latency. */
export function LlmDetails({ row, timeline }: { row: TimelineRow; timeline: Timeline }) {
  const reqEvent = row.events.find((e) => e.type === 'llm.request');
  const req = eventData(reqEvent, 'llm.request');
  const res = eventData(row.events.find((e) => e.type === 'llm.response'), 'llm.response');
  const retries = row.events.filter((e) => e.type === 'llm.retry');
  const parsed = res?.parsed;
  // llm.request stores what is new since the node's previous call: rebuild the exact prompt.
  const messages = req && reqEvent ? requestPrompt(timeline, reqEvent).messages : [];
  const tools = req?.tools ?? [];
  const observation = parsed ? observationFor(timeline, row.id) : undefined;
  const raw = res ? (res.content ?? '') : row.text;
  return (
    <>
      <Facts
        items={[
          ['Model', req?.['gen_ai.request.model']],
          ['Response model', res?.['gen_ai.response.model']],
          ['Connection', req?.connection],
          ...PARAMS.map((p): [string, string | undefined] => [p, req?.[p] === undefined ? undefined : typeof req[p] === 'string' ? (req[p] as string) : JSON.stringify(req[p])]),
          ['Input tokens', res?.['gen_ai.usage.input_tokens']?.toLocaleString()],
          ['Output tokens', res?.['gen_ai.usage.output_tokens']?.toLocaleString()],
          ['Latency', ms(res?.latency_ms)],
          ['Finish', res?.finish_reason ?? undefined],
          ['Retries', retries.length ? String(retries.length) : undefined],
          ['Replay', res?.recording === 'recorded' ? 'from the recording (no model call)' : res?.recording === 'live' ? 'live (the request changed)' : undefined],
        ]}
      />
      {parsed && (
        <Section title="ReAct step">
          <dl className={s.react} data-testid="react-parsed">
            {(
              [
                ['Thought', parsed.thought],
                ['Action', parsed.action],
                ['Action Input', parsed.action_input],
                ['Observation', observation],
                ['Final Answer', parsed.final_answer],
                ['Parse error', parsed.error],
              ] as Array<[string, unknown]>
            )
              .filter(([, v]) => v !== undefined && v !== null && v !== '')
              .map(([k, v]) => (
                <div key={k}>
                  <dt>{k}</dt>
                  <dd>
                    <pre className={s.pre}>{asText(v)}</pre>
                  </dd>
                </div>
              ))}
          </dl>
        </Section>
      )}
      <Section title={`Messages sent (${messages.length})`} actions={<CopyJsonButton value={messages} />}>
        <ol className={s.messages} data-testid="llm-messages">
          {messages.map((m, i) => (
            <li key={i} data-role={m.role}>
              <div className={s.msgRole}>
                {m.role}
                {m.name ? (
                  <>
                    {' '}
                    <span className={s.chip} data-testid="msg-author" title={`Written by node ${m.name}`}>
                      {m.name}
                    </span>
                  </>
                ) : null}
                {m.tool_call_id ? ` · ${m.tool_call_id}` : ''}
              </div>
              <FoldText text={asText(m.content ?? '')} testId="llm-message" maxChars={12_000} maxLines={120} />
              {m.tool_calls !== undefined && <pre className={s.pre}>{asText(m.tool_calls)}</pre>}
            </li>
          ))}
        </ol>
      </Section>
      {tools.length > 0 && (
        <Section title="Tools offered" actions={<CopyJsonButton value={tools} />}>
          <p className={s.chips}>
            {tools.map((t, i) => (
              <span key={i} className={s.chip}>
                {t.function.name}
              </span>
            ))}
          </p>
        </Section>
      )}
      <Section title={res ? 'Raw output' : 'Output (streaming)'} actions={<CopyJsonButton value={res ?? { text: row.text }} />}>
        <FoldText text={raw} testId="llm-output" />
        {res?.tool_calls !== undefined && (
          <>
            <div className={s.msgRole}>tool calls</div>
            <pre className={s.pre}>{asText(res.tool_calls)}</pre>
          </>
        )}
      </Section>
    </>
  );
}
