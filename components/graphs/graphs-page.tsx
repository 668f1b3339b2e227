'use client';
/** The home page: saved graphs with New, Import (file or paste), Export and Delete. */
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { AppHeader } from '@/components/ui/app-header';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { IconAlert, IconClipboard, IconGraph, IconPlus, IconUpload } from '@/components/ui/icons';
import { useToast } from '@/components/ui/toast';
import type { GraphSummary, ImportGraphResponse } from '@/lib/contracts/graphs';
import { ApiError } from './api';
import { DeleteGraphDialog } from './delete-graph-dialog';
import { MoveGraphDialog, useMoveTargets } from './move-graph-dialog';
import { matchesFilter, plural } from './format';
import { GraphTable, GraphTableSkeleton } from './graph-table';
import { ImportDialog, MAX_IMPORT_BYTES, YAML_FILE_ACCEPT, type ImportSource } from './import-dialog';
import { NewGraphDialog } from './new-graph-dialog';
import { useGraphs, useImportGraph } from './use-graphs';
import s from './graphs.module.css';

interface ImportState {
  open: boolean;
  initial: ImportSource;
  error?: unknown;
}

function useNow(intervalMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const t = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(t);
  }, [intervalMs]);
  return now;
}

export function GraphsPage() {
  const router = useRouter();
  const toast = useToast();
  const graphs = useGraphs();
  const importer = useImportGraph();
  const now = useNow();
  const fileInput = useRef<HTMLInputElement>(null);
  const [filter, setFilter] = useState('');
  const [newOpen, setNewOpen] = useState(false);
  const [deleting, setDeleting] = useState<GraphSummary | null>(null);
  const [moving, setMoving] = useState<GraphSummary | null>(null);
  const moveTargets = useMoveTargets();
  const [imp, setImp] = useState<ImportState>({ open: false, initial: { kind: 'paste' } });

  const imported = (res: ImportGraphResponse) => {
    setImp((st) => ({ ...st, open: false }));
    const warn = res.warnings.length ? ` with ${plural(res.warnings.length, 'warning')}` : '';
    toast({
      message: `${res.created ? 'Imported' : 'Replaced'} “${res.name}”${warn}.`,
      action: (
        <Link href={`/graphs/${res.id}`} data-testid="toast-open">
          Open
        </Link>
      ),
    });
  };

  const importFile = async (file: File) => {
    if (file.size > MAX_IMPORT_BYTES) {
      const err = new ApiError(`${file.name} is larger than 1 MiB`, 413, 'payload_too_large');
      setImp({ open: true, initial: { kind: 'file', name: file.name, text: '' }, error: err });
      return;
    }
    const text = await file.text();
    const initial: ImportSource = { kind: 'file', name: file.name, text };
    importer.mutate(
      { yaml: text },
      {
        onSuccess: imported,
        onError: (error) => setImp({ open: true, initial, error }),
      },
    );
  };

  const list = graphs.data?.graphs ?? [];
  const shown = list.filter((g) => matchesFilter(g, filter));

  const newButton = (
    <Button variant="primary" onClick={() => setNewOpen(true)} data-testid="new-graph-button">
      <IconPlus /> New graph
    </Button>
  );

  return (
    <>
      <AppHeader />
      <main className={s.page} data-testid="graphs-page">
        <div className={s.titleRow}>
          <div>
            <h1 className={s.title}>Graphs</h1>
            <p className={s.subtitle}>Agent graphs saved on this server. Open one to edit it on the canvas and run it.</p>
          </div>
          <div className={s.actions}>
            <Button onClick={() => fileInput.current?.click()} busy={importer.isPending && !imp.open} data-testid="import-file-button">
              <IconUpload /> Import file
            </Button>
            <Button onClick={() => setImp({ open: true, initial: { kind: 'paste' } })} data-testid="paste-yaml-button">
              <IconClipboard /> Paste YAML
            </Button>
            {newButton}
          </div>
        </div>

        <input
          ref={fileInput}
          type="file"
          accept={YAML_FILE_ACCEPT}
          hidden
          data-testid="import-file-input"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void importFile(file);
          }}
        />

        {graphs.isError ? (
          <div className={s.alert} role="alert" data-testid="graph-list-error">
            <IconAlert />
            <span>
              Could not load the graphs: {(graphs.error as Error).message}{' '}
              <Button size="sm" variant="ghost" onClick={() => graphs.refetch()}>
                Retry
              </Button>
            </span>
          </div>
        ) : null}

        {graphs.isPending ? (
          <GraphTableSkeleton />
        ) : list.length === 0 && !graphs.isError ? (
          <EmptyState
            icon={<IconGraph />}
            title="No graphs yet"
            data-testid="empty-state"
            actions={
              <>
                {newButton}
                <Button onClick={() => fileInput.current?.click()}>
                  <IconUpload /> Import file
                </Button>
              </>
            }
          >
            Create a graph of agents, tools and conditions on the canvas, or import one exported as YAML.
          </EmptyState>
        ) : list.length > 0 ? (
          <>
            <div className={s.toolbar}>
              <input
                type="search"
                className={s.search}
                placeholder="Filter by name or description"
                aria-label="Filter graphs"
                value={filter}
                onChange={(e) => setFilter(e.target.value)}
                data-testid="graph-filter"
              />
              <span className={s.count} data-testid="graph-count">
                {shown.length === list.length ? plural(list.length, 'graph') : `${shown.length} of ${list.length} graphs`}
              </span>
            </div>
            {shown.length ? (
              <GraphTable graphs={shown} now={now} onDelete={setDeleting} onMove={moveTargets.length ? setMoving : undefined} />
            ) : (
              <EmptyState title="No graph matches" data-testid="filter-empty">
                Nothing is named or described like “{filter}”.
              </EmptyState>
            )}
          </>
        ) : null}
      </main>

      <ImportDialog
        open={imp.open}
        initial={imp.initial}
        initialError={imp.error}
        onClose={() => setImp((st) => ({ ...st, open: false }))}
        onImported={imported}
        onFile={(file) => void importFile(file)}
      />
      <NewGraphDialog
        open={newOpen}
        onClose={() => setNewOpen(false)}
        onCreated={(g) => {
          setNewOpen(false);
          router.push(`/graphs/${g.id}`);
        }}
      />
      <MoveGraphDialog
        graph={moving}
        targets={moveTargets}
        onClose={() => setMoving(null)}
        onMoved={(name, to) => {
          setMoving(null);
          toast({ message: `Moved “${name}” to ${to.name}.` });
        }}
      />
      <DeleteGraphDialog
        graph={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(name) => {
          setDeleting(null);
          toast({ message: `Deleted “${name}”.` });
        }}
      />
    </>
  );
}
