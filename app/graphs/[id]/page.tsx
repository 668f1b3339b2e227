import type { Metadata } from 'next';
import { EditorShell } from '@/components/editor/editor-shell';

export const metadata: Metadata = { title: 'Editor · Switchyard' };

export default async function GraphEditorPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EditorShell graphId={id} />;
}
