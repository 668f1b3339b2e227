'use client';
/**
 * "Publish" in the editor header (issue 22, part 2): promotes the newest saved version, with a note,
 * to the version outside callers run (/api/v1, MCP, A2A, the public chat and its embed); the
 * editor's Run keeps using the newest. Shows which version is live; unpublish goes back to "newest".
 * Rolling back to an older version is in the version history.
 */
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { relativeTime } from '@/components/graphs/format';
import { usePublication, usePublish } from './api';
import s from './publish.module.css';

export function PublishButton({ graphId, canPublish }: { graphId: string; canPublish: boolean }) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const pub = usePublication(graphId);
  const publish = usePublish(graphId);
  const live = pub.data?.published ?? null;
  const newest = pub.data?.newest_version ?? null;
  const upToDate = live !== null && newest !== null && live.version === newest;

  const openDialog = () => {
    publish.reset();
    setNote('');
    setOpen(true);
    void pub.refetch(); // the editor may have saved versions since
  };

  return (
    <>
      <button
        type="button"
        className="sy-btn"
        data-testid="publish-open"
        disabled={!canPublish}
        title={canPublish ? (live ? `Version ${live.version} is live; publish the newest version` : 'Publish the newest version for the API, MCP and the public chat') : 'Fix the errors first: only a valid graph can be published'}
        onClick={openDialog}
      >
        Publish
        {live ? (
          <span className={s.live} data-testid="publish-live-badge">
            v{live.version} live
          </span>
        ) : null}
      </button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Publish"
        description="The published version is what the API (/api/v1), MCP, A2A and the public chat run. The editor always runs the newest version."
        data-testid="publish-dialog"
        footer={
          <>
            {live ? (
              <Button variant="ghost-danger" busy={publish.isPending && publish.variables?.version === null} onClick={() => publish.mutate({ version: null })} data-testid="publish-unpublish">
                Unpublish
              </Button>
            ) : null}
            <Button variant="ghost" onClick={() => setOpen(false)}>
              Close
            </Button>
            <Button
              variant="primary"
              disabled={newest === null || upToDate}
              busy={publish.isPending && publish.variables?.version !== null}
              onClick={() => newest !== null && publish.mutate({ version: newest, note: note.trim() || undefined }, { onSuccess: () => setNote('') })}
              data-testid="publish-submit"
            >
              {newest === null ? 'Publish' : `Publish version ${newest}`}
            </Button>
          </>
        }
      >
        <div className={s.status} data-testid="publish-status">
          {pub.isError ? (
            <span className={s.error}>Could not load the publication: {pub.error.message}</span>
          ) : !pub.data ? (
            <span className={s.muted}>Loading…</span>
          ) : live ? (
            <>
              <span>
                <strong>Version {live.version} is live</strong>
                {upToDate ? ' — the newest version.' : ` — the newest is version ${newest}.`}
              </span>
              <span className={s.muted}>
                Published {relativeTime(live.published_at, new Date())}
                {live.published_by ? ` by ${live.published_by}` : ''}
                {live.note ? ` · “${live.note}”` : ''}
              </span>
            </>
          ) : (
            <span>
              <strong>Not published.</strong> Outside callers run the newest version ({newest}) as you edit it. Publish to freeze what they get.
            </span>
          )}
        </div>
        {!upToDate && newest !== null ? (
          <Field label={`Note for version ${newest}`} htmlFor="publish-note" hint="Why this version goes live (shown in the history).">
            <textarea id="publish-note" rows={2} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} data-testid="publish-note" />
          </Field>
        ) : null}
        {publish.error ? (
          <p className={s.error} role="alert" data-testid="publish-error">
            {publish.error.message}
          </p>
        ) : null}
      </Dialog>
    </>
  );
}
