'use client';
/** The saved versions, newest first: number, relative time, node count, and badges on the current and the published (live) one. */
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { absoluteTime, plural, relativeTime } from '@/components/graphs/format';
import { nodeCount } from './api';
import { useVersion } from './use-versions';
import s from './versions.module.css';

const PAGE = 25;

interface Entry {
  version: number;
  created_at: string;
  /** The "Save version" note (null for autosaved versions). */
  note?: string | null;
  /** What changed from the previous version, in one line (lib/graph/version-changes.ts). */
  summary?: string;
}

function NodeCount({ graphId, version }: { graphId: string; version: number }) {
  const q = useVersion(graphId, version);
  return (
    <span className={s.rowMeta} data-testid={`version-nodes-${version}`}>
      {q.data ? plural(nodeCount(q.data.document), 'node') : '…'}
    </span>
  );
}

/** `live`: the published version (what the API, MCP and the public chat run), if any. */
export function VersionList(p: { graphId: string; versions: Entry[]; current: number; selected: number | null; live?: number | null; onSelect(v: number): void }) {
  const [shown, setShown] = useState(PAGE);
  const now = new Date();
  return (
    <div className={s.list}>
      <ul className={s.rows} aria-label="Saved versions" data-testid="version-list">
        {p.versions.slice(0, shown).map((v) => {
          const isCurrent = v.version === p.current;
          const isSelected = v.version === p.selected;
          return (
            <li key={v.version}>
              <button
                type="button"
                className={s.row}
                aria-pressed={isSelected}
                data-testid={`version-row-${v.version}`}
                data-current={isCurrent || undefined}
                onClick={() => p.onSelect(v.version)}
              >
                <span className={s.rowTop}>
                  <span className={s.rowNumber}>v{v.version}</span>
                  {isCurrent ? (
                    <Badge tone="accent" data-testid="version-current-badge">
                      current
                    </Badge>
                  ) : null}
                  {v.version === p.live ? (
                    <Badge tone="warning" data-testid="version-live-badge" title="The published version: the API, MCP and the public chat run it">
                      live
                    </Badge>
                  ) : null}
                </span>
                <span className={s.rowMeta} title={absoluteTime(v.created_at)}>
                  {relativeTime(v.created_at, now)}
                </span>
                <NodeCount graphId={p.graphId} version={v.version} />
                {v.note ? (
                  <span className={s.rowMeta} data-testid={`version-note-${v.version}`}>
                    <strong>{v.note}</strong>
                  </span>
                ) : null}
                {v.summary ? (
                  <span className={s.rowMeta} data-testid={`version-changes-${v.version}`}>
                    {v.summary}
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
      {p.versions.length > shown ? (
        <Button variant="ghost" size="sm" data-testid="version-more" onClick={() => setShown((n) => n + PAGE)}>
          Show older ({p.versions.length - shown} more)
        </Button>
      ) : null}
    </div>
  );
}
