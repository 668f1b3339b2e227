import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { notFound, redirect } from 'next/navigation';
import { PublicChat } from '@/components/public-chat/public-chat';
import { pageShare } from '@/lib/server/public-share';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Chat', robots: { index: false, follow: false } };

/**
 * A graph's public chat (issue 22, part 3): a full-screen conversation with the graph's published
 * version. 404 unless the graph's sharing is on; a `signed_in` share sends visitors without a
 * session to sign in first. `?embed=1` is the form the embed script frames (no outer margin).
 */
export default async function PublicChatPage({ params, searchParams }: { params: Promise<{ token: string }>; searchParams: Promise<{ embed?: string }> }) {
  const { token } = await params;
  const h = await headers();
  const url = `http://${h.get('host') ?? 'localhost'}/c/${encodeURIComponent(token)}`;
  const found = await pageShare(token, h, url);
  if (found === 'sign_in') redirect(`/login?next=${encodeURIComponent(`/c/${token}`)}`);
  if (!found) notFound();
  const embed = (await searchParams).embed === '1';
  return <PublicChat token={token} title={found.graph.name} welcome={found.share.welcome} suggestions={found.share.suggestions} embed={embed} />;
}
