import type { Metadata } from 'next';
import { RunPage } from './run-page';

export const metadata: Metadata = { title: 'Run trace · Switchyard' };

/** A shareable page for one run: its trace, replayed from stored events and followed live. */
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <RunPage runId={id} />;
}
