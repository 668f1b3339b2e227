'use client';
/** The connections as a table; each row can be tested, and saved ones edited and deleted. */
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { IconTrash } from '@/components/ui/icons';
import { supportsView, type ConnectionView } from '@/lib/contracts/connections';
import { supportsPatch } from './connection-form-model';
import { TestResult } from './test-result';
import { useSaveConnection, useTestConnection } from './use-connections';
import s from './settings.module.css';

export interface RowActions {
  onEdit(c: ConnectionView): void;
  onDelete(c: ConnectionView): void;
}

export function ConnectionTable({ connections, ...actions }: { connections: ConnectionView[] } & RowActions) {
  return (
    <div className={s.tableWrap}>
      <table className={s.table} data-testid="connection-list">
        <thead>
          <tr>
            <th className={s.colName}>Connection</th>
            <th>Base URL</th>
            <th className={s.colKey}>API key</th>
            <th className={s.colHeaders}>Headers</th>
            <th className={s.colActions}>
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        {connections.map((c) => (
          <ConnectionRow key={`${c.source}:${c.name}`} c={c} {...actions} />
        ))}
      </table>
    </div>
  );
}

/** One <tbody> per connection: its row, and its test result under it. */
function ConnectionRow({ c, onEdit, onDelete }: { c: ConnectionView } & RowActions) {
  const test = useTestConnection();
  const save = useSaveConnection();
  const shown = test.isPending ? undefined : test.data;
  // Saved connections can keep what the test found the server accepts.
  const offer =
    c.source === 'db'
      ? { saved: supportsView(c.supports), busy: save.isPending, save: (found: Parameters<typeof supportsPatch>[0]) => save.mutate({ mode: 'update' as const, name: c.name, body: { supports: supportsPatch(found) ?? {} } }) }
      : undefined;
  return (
    <tbody className={s.group} data-testid="connection-row" data-name={c.name} data-source={c.source}>
      <tr>
        <td className={s.colName}>
          <span className={s.name} data-testid="connection-name-cell">
            {c.name}
          </span>
          {c.source === 'env' ? (
            <Badge tone="warning" title="From OPENAI_API_KEY / OPENAI_BASE_URL: change the environment to change it" data-testid="connection-source">
              env · read-only
            </Badge>
          ) : (
            <Badge tone="accent" data-testid="connection-source">
              saved
            </Badge>
          )}
        </td>
        <td>
          <code className={s.url} title={c.base_url} data-testid="connection-url">
            {c.base_url}
          </code>
        </td>
        <td className={s.colKey}>
          {c.api_key_hint ? (
            <code className={s.hintText} data-testid="connection-key-hint">
              {c.api_key_hint}
            </code>
          ) : (
            <span className={s.none} data-testid="connection-key-hint">
              none
            </span>
          )}
        </td>
        <td className={s.colHeaders} data-testid="connection-headers">
          {c.header_names.length ? c.header_names.map((h) => <Badge key={h}>{h}</Badge>) : <span className={s.none}>—</span>}
        </td>
        <td className={s.colActions}>
          <div className={s.rowActions}>
            <Button size="sm" busy={test.isPending} onClick={() => test.mutate(c.name)} data-testid="connection-test">
              Test
            </Button>
            {c.read_only ? null : (
              <>
                <Button size="sm" variant="ghost" onClick={() => onEdit(c)} data-testid="connection-edit">
                  Edit
                </Button>
                <Button size="sm" variant="ghost-danger" iconOnly aria-label={`Delete ${c.name}`} title="Delete" onClick={() => onDelete(c)} data-testid="connection-delete">
                  <IconTrash />
                </Button>
              </>
            )}
          </div>
        </td>
      </tr>
      {shown || test.error ? (
        <tr className={s.resultRow}>
          <td colSpan={5}>
            <TestResult result={shown} error={test.error ?? save.error} offer={offer} />
          </td>
        </tr>
      ) : null}
    </tbody>
  );
}
