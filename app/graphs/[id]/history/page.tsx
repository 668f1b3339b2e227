import type { Metadata } from 'next';
import { HistoryPage } from '@/components/versions/history-page';

export const metadata: Metadata = { title: 'Version history · Switchyard' };

/** The saved versions of one graph: compare any of them with the current one, and restore it. */
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <HistoryPage graphId={id} />;
}
