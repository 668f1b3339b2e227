import type { Metadata } from 'next';
import { KnowledgePage } from '@/components/knowledge/knowledge-page';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Knowledge · Switchyard' };

/** Knowledge bases of the current workspace (loaded in the browser through /api/knowledge-bases). */
export default function Page() {
  return <KnowledgePage />;
}
