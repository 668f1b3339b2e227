'use client';
/**
 * A graph's saved versions: pick one to see its YAML next to a line diff against the current version
 * or any other ("Compare with"), and restore it (after a confirm) as a new version. History is
 * append-only; nothing is overwritten. The published (live) version is marked; publishing an older
 * one is the rollback of what the API, MCP and the public chat run.
 */
import { useState } from 'react';
import { Button, Spinner } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { plural } from '@/components/graphs/format';
import { ApiError } from '@/lib/contracts/client';
import type { RestoreVersionResponse } from '@/lib/contracts/graph-versions';
import { CompareWith } from './compare-with';
import { comparePair } from './compare';
import { VersionDiff } from './version-diff';
import { VersionList } from './version-list';
import { RestoreError } from './restore-error';
import { useRestoreVersion, useVersion, useVersionDiff, useVersionList } from './use-versions';
import { YamlText } from './yaml-text';
import { usePublication, usePublish } from '@/components/publish/api';
import s from './versions.module.css';

export interface VersionHistoryDialogProps {
  graphId: string;
  open: boolean;
  onClose(): void;
  onRestored(record: RestoreVersionResponse): void;
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

export function VersionHistoryDialog({ graphId, open, onClose, onRestored }: VersionHistoryDialogProps) {
  const list = useVersionList(graphId, open);
  const versions = list.data?.versions ?? [];
  const current = versions[0]?.version ?? null;
  const [picked, setPicked] = useState<number | null>(null);
  const [compareWith, setCompareWith] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  // Default: the version before the current one (the most likely to restore), else the only one.
  const selected = picked ?? versions[1]?.version ?? current;
  const sel = useVersion(graphId, selected);
  const cur = useVersion(graphId, current);
  const pair = comparePair(selected, compareWith, current, versions.map((v) => v.version));
  const diff = useVersionDiff(graphId, pair, current);
  const publication = usePublication(graphId, open);
  const live = publication.data?.published?.version ?? null;
  const publish = usePublish(graphId);
  const restore = useRestoreVersion(graphId, (record) => {
    setConfirming(false);
    onRestored(record);
  });

  const select = (v: number) => {
    setPicked(v);
    if (v === compareWith) setCompareWith(null); // a version against itself: back to the current one
    setConfirming(false);
    restore.reset();
  };
  // Restoring a version identical to the current one would only add a copy.
  const canRestore = selected !== null && current !== null && selected !== current && !!sel.data && !!cur.data && sel.data.yaml !== cur.data.yaml;

  const footer = confirming && selected !== null && current !== null ? (
    <div className={s.confirm} data-testid="version-restore-confirm-bar">
      <span>
        Restore version {selected}? It is saved as version {current + 1}; versions 1–{current} stay in the history.
      </span>
      <Button variant="ghost" onClick={() => setConfirming(false)} data-testid="version-restore-cancel">
        Cancel
      </Button>
      <Button variant="primary" busy={restore.isPending} data-testid="version-restore-confirm" onClick={() => restore.mutate({ version: selected, base: current })}>
        Restore version {selected}
      </Button>
    </div>
  ) : (
    <>
      <Button variant="ghost" onClick={onClose}>
        Close
      </Button>
      {selected !== null && selected !== live ? (
        <Button
          busy={publish.isPending}
          data-testid="version-publish"
          title="Make this the version the API, MCP and the public chat run"
          onClick={() => publish.mutate({ version: selected, note: live !== null && selected < live ? `rollback to version ${selected}` : undefined })}
        >
          {live !== null && selected < live ? `Roll back live to version ${selected}` : `Publish version ${selected}`}
        </Button>
      ) : null}
      <Button variant="primary" disabled={!canRestore} data-testid="version-restore" onClick={() => setConfirming(true)}>
        {selected !== null && selected !== current ? `Restore version ${selected}…` : 'Restore…'}
      </Button>
    </>
  );

  return (
    <Dialog
      open={open}
      onClose={onClose}
      wide
      title="Version history"
      description={list.data ? `${plural(versions.length, 'saved version')} · every save adds one, and so does a restore` : undefined}
      footer={footer}
      data-testid="version-history"
    >
      <div className={s.layout} data-testid="version-history-body">
        {list.isError ? (
          <p className={s.error} role="alert" data-testid="version-error">
            Could not load the history: {message(list.error)}
          </p>
        ) : !list.data ? (
          <Spinner label="Loading versions" />
        ) : (
          <>
            <VersionList graphId={graphId} versions={versions} current={current ?? 0} selected={selected} live={live} onSelect={select} />
            <section className={s.pane} aria-label={`Version ${selected} YAML`}>
              <h3 className={s.paneTitle}>Version {selected}</h3>
              {sel.isError ? <p className={s.error} data-testid="version-error">{message(sel.error)}</p> : sel.data ? <YamlText text={sel.data.yaml} label={`YAML of version ${selected}`} /> : <Spinner />}
            </section>
            <section className={s.pane} aria-label="Changes">
              <div className={s.paneHead}>
                <h3 className={s.paneTitle} data-testid="diff-title">
                  {pair?.title}
                </h3>
                <CompareWith versions={versions} selected={selected} current={current} value={compareWith} onChange={setCompareWith} />
              </div>
              {diff.data ? (
                <VersionDiff key={`${diff.data.a}-${diff.data.b}`} lines={diff.data.lines} summary={diff.data.stats.added || diff.data.stats.removed ? diff.data.summary : undefined} />
              ) : diff.isError ? (
                <p className={s.error} data-testid="version-error">
                  {message(diff.error)}
                </p>
              ) : (
                <Spinner />
              )}
            </section>
          </>
        )}
      </div>
      {restore.data ? (
        <p className={s.notice} role="status" data-testid="version-restored">
          Restored version {restore.data.restored_from} as version {restore.data.version}.
        </p>
      ) : null}
      {publish.error ? (
        <p className={s.error} role="alert" data-testid="version-publish-error">
          {message(publish.error)}
        </p>
      ) : null}
      {restore.error ? <RestoreError error={restore.error instanceof ApiError ? restore.error : new ApiError(message(restore.error), 0, 'unknown')} /> : null}
    </Dialog>
  );
}
