'use client';
/** The saved graphs as a table: name and description, roles, last updated, and row actions. */
import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { Button, ButtonLink } from '@/components/ui/button';
import { IconDownload, IconGraph, IconTrash } from '@/components/ui/icons';
import type { GraphSummary } from '@/lib/contracts/graphs';
import { exportUrl } from './api';
import { absoluteTime, plural, relativeTime } from './format';
import s from './graphs.module.css';

/** `onMove`: offered when there is another workspace to move a graph to. */
export function GraphTable({ graphs, now, onDelete, onMove }: { graphs: GraphSummary[]; now: Date; onDelete(g: GraphSummary): void; onMove?(g: GraphSummary): void }) {
  return (
    <div className={s.tableWrap}>
      <table className={s.table} data-testid="graph-list">
        <thead>
          <tr>
            <th className={s.colName}>Graph</th>
            <th className={s.colRoles}>Roles</th>
            <th className={s.colUpdated}>Last updated</th>
            <th className={s.colActions}>
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {graphs.map((g) => (
            <tr key={g.id} data-testid="graph-row" data-graph-id={g.id} data-graph-name={g.name}>
              <td className={s.colName}>
                <div className={s.nameCell}>
                  <IconGraph className={s.graphIcon} />
                  <div className={s.nameText}>
                    <Link href={`/graphs/${g.id}`} className={s.name} data-testid="graph-name">
                      {g.name}
                    </Link>
                    <span className={[s.description, !g.description && s.noDescription].filter(Boolean).join(' ')} title={g.description ?? undefined} data-testid="graph-description">
                      {g.description ?? 'No description'}
                    </span>
                  </div>
                </div>
              </td>
              <td className={s.colRoles}>
                <Badge tone="accent" data-testid="graph-roles" data-count={g.roles}>
                  {plural(g.roles, 'role')}
                </Badge>
              </td>
              <td className={s.colUpdated}>
                <time className={s.updated} dateTime={g.updated_at} title={`${absoluteTime(g.updated_at)} · version ${g.version}`} data-testid="graph-updated">
                  {relativeTime(g.updated_at, now)}
                </time>
              </td>
              <td className={s.colActions}>
                <div className={s.rowActions}>
                  <ButtonLink size="sm" variant="secondary" href={`/graphs/${g.id}`} data-testid="graph-open">
                    Open
                  </ButtonLink>
                  <ButtonLink size="sm" variant="ghost" href={exportUrl(g.id)} download={`${g.name}.yaml`} title="Export as YAML" data-testid="graph-export">
                    <IconDownload /> Export
                  </ButtonLink>
                  {onMove ? (
                    <Button size="sm" variant="ghost" title="Move to another workspace" onClick={() => onMove(g)} data-testid="graph-move">
                      Move
                    </Button>
                  ) : null}
                  <Button size="sm" variant="ghost-danger" iconOnly aria-label={`Delete ${g.name}`} title="Delete" onClick={() => onDelete(g)} data-testid="graph-delete">
                    <IconTrash />
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function GraphTableSkeleton() {
  return (
    <div className={s.tableWrap} data-testid="graph-list-loading" aria-busy>
      <table className={s.table}>
        <tbody>
          {[0, 1, 2].map((i) => (
            <tr key={i}>
              <td>
                <div className={s.skeleton} style={{ width: `${40 + i * 12}%` }} />
              </td>
              <td className={s.colRoles}>
                <div className={s.skeleton} style={{ width: 60 }} />
              </td>
              <td className={s.colUpdated}>
                <div className={s.skeleton} style={{ width: 90 }} />
              </td>
              <td className={s.colActions} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
