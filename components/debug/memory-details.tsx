'use client';
/**
 * A node's memory span in the step details: what memory was read (turns, the window, the stored
 * summary and entities) and what each update wrote (or why it failed; the node then went on with
 * the memory it had). Its model calls are rows of their own under this one.
 */
import { eventData } from '@/lib/contracts/trace';
import type { TimelineRow } from './timeline-tree';
import { CopyJsonButton } from './copy-json-button';
import { Facts, Section } from './details-parts';
import s from './debug.module.css';

type Entity = { name: string; kind: string; summary: string };

function Entities({ list, testId }: { list: Entity[]; testId: string }) {
  return (
    <ul className={s.memoryEntities} data-testid={testId}>
      {list.map((e) => (
        <li key={e.name}>
          <strong>{e.name}</strong> <span className={s.muted}>({e.kind})</span> {e.summary}
        </li>
      ))}
    </ul>
  );
}

export function MemoryDetails({ row }: { row: TimelineRow }) {
  const read = row.events.map((e) => eventData(e, 'memory.read')).find(Boolean);
  const writes = row.events.flatMap((e) => eventData(e, 'memory.write') ?? []);
  return (
    <div data-testid="memory-details">
      <Facts
        items={[
          ['Turns in the conversation', read?.turns],
          ['Turns in the prompt', read?.kept_turns],
          ['Kept', read ? (read.stored ? 'per conversation' : 'no (no conversation: computed from the history given)') : undefined],
        ]}
      />
      <Section title="Read" actions={<CopyJsonButton value={read} />}>
        {read?.summary ? (
          <pre className={s.pre} data-testid="memory-read-summary">{`Summary of the first ${read.summarized_turns ?? '?'} turns:\n${read.summary}`}</pre>
        ) : null}
        {read?.entities?.length ? <Entities list={read.entities} testId="memory-read-entities" /> : null}
        {!read?.summary && !read?.entities?.length && <p className={s.muted}>No stored summary or entities yet.</p>}
      </Section>
      {writes.map((w, i) => (
        <Section key={i} title={`Wrote ${w.kind} (turns ${w.from + 1}–${w.to})`} actions={<CopyJsonButton value={w} />}>
          {w.error ? <pre className={`${s.pre} ${s.errorText}`} data-testid="memory-write-error">{`${w.error}\nThe node went on with the memory it had.`}</pre> : null}
          {w.summary ? <pre className={s.pre} data-testid="memory-write-summary">{w.summary}</pre> : null}
          {w.entities ? <Entities list={w.entities} testId="memory-write-entities" /> : null}
        </Section>
      ))}
    </div>
  );
}
