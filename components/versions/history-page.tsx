'use client';
/** /graphs/<id>/history: the version history on its own page (shareable), with a way back to the editor. */
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { AppHeader } from '@/components/ui/app-header';
import { buttonClass } from '@/components/ui/button';
import { VersionHistoryDialog } from './version-history-dialog';
import s from './versions.module.css';

export function HistoryPage({ graphId }: { graphId: string }) {
  const router = useRouter();
  const editor = `/graphs/${encodeURIComponent(graphId)}`;
  return (
    <>
      <AppHeader />
      <main className={s.page} data-testid="history-page">
        <Link href={editor} className={buttonClass({ variant: 'secondary' })} data-testid="history-back">
          ← Back to the editor
        </Link>
        <VersionHistoryDialog
          graphId={graphId}
          open
          onClose={() => router.push(editor)}
          // The dialog shows what was restored and refreshes its own list.
          onRestored={() => undefined}
        />
      </main>
    </>
  );
}
