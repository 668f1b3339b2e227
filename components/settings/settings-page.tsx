'use client';
/** /settings: the model connections graphs run against (env `default` read-only, the rest saved here). */
import { useState } from 'react';
import { useMe } from '@/components/auth/user-menu';
import { AppHeader } from '@/components/ui/app-header';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { IconAlert, IconPlus } from '@/components/ui/icons';
import { useToast } from '@/components/ui/toast';
import type { ConnectionView } from '@/lib/contracts/connections';
import { ConnectionFormDialog } from './connection-form-dialog';
import { ConnectionTable } from './connection-table';
import { DeleteConnectionDialog } from './delete-connection-dialog';
import { KeysSection } from './keys-section';
import { McpServersSection } from './mcp-servers-section';
import { UsersSection } from './users-section';
import { WorkspacesSection } from '@/components/workspaces/workspaces-section';
import { useConnections } from './use-connections';
import s from './settings.module.css';

export function SettingsPage() {
  const toast = useToast();
  const list = useConnections();
  const me = useMe().data?.user;
  const [form, setForm] = useState<ConnectionView | 'new' | null>(null);
  const [deleting, setDeleting] = useState<ConnectionView | null>(null);
  const connections = list.data?.connections ?? [];
  const hasDefault = connections.some((c) => c.name === 'default');

  const addButton = (
    <Button variant="primary" onClick={() => setForm('new')} data-testid="add-connection">
      <IconPlus /> Add connection
    </Button>
  );

  return (
    <>
      <AppHeader />
      <main className={s.page} data-testid="settings-page">
        <div className={s.titleRow}>
          <div>
            <h1 className={s.title}>Settings</h1>
            <p className={s.subtitle}>
              Model connections: the OpenAI-compatible servers graphs call. A graph names a connection (<code>models: … connection: name</code>);
              endpoints and keys stay on this server and are never exported.
            </p>
          </div>
          <div className={s.actions}>{addButton}</div>
        </div>

        <h2 className={s.sectionTitle}>Model connections</h2>

        {list.isError ? (
          <div className={s.formError} role="alert" data-testid="connection-list-error">
            <IconAlert />
            <span>
              Could not load the connections: {(list.error as Error).message}{' '}
              <Button size="sm" variant="ghost" onClick={() => list.refetch()}>
                Retry
              </Button>
            </span>
          </div>
        ) : null}

        {list.isSuccess && !hasDefault ? (
          <p className={s.note} data-testid="no-default-note">
            No <code>default</code> connection: set <code>OPENAI_API_KEY</code> and/or <code>OPENAI_BASE_URL</code> in the server&apos;s environment, or
            add a connection named <code>default</code>.
          </p>
        ) : null}

        {list.isPending ? (
          <div className={s.loading} data-testid="connection-list-loading" aria-busy>
            Loading connections…
          </div>
        ) : connections.length ? (
          <ConnectionTable connections={connections} onEdit={setForm} onDelete={setDeleting} />
        ) : list.isSuccess ? (
          <EmptyState title="No model connections" actions={addButton} data-testid="connections-empty">
            Add an OpenAI-compatible server (OpenAI, vLLM, Ollama, llama.cpp) so graphs have a model to call.
          </EmptyState>
        ) : null}

        <McpServersSection />
        {me?.role === 'admin' ? <UsersSection /> : null}
        {me?.role === 'admin' ? <WorkspacesSection /> : null}
        {me ? <KeysSection /> : null}
      </main>

      <ConnectionFormDialog
        target={form}
        onClose={() => setForm(null)}
        onSaved={(c, created) => {
          setForm(null);
          toast({ message: `${created ? 'Added' : 'Saved'} “${c.name}”. Use Test to check it.` });
        }}
      />
      <DeleteConnectionDialog
        target={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(name) => {
          setDeleting(null);
          toast({ message: `Deleted “${name}”.` });
        }}
      />
    </>
  );
}
