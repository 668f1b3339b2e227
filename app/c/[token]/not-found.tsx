import type { Metadata } from 'next';

export const metadata: Metadata = { title: 'Chat not found', robots: { index: false, follow: false } };

/** A public chat link that is unknown, retired or switched off: a plain page, without the app's chrome. */
export default function PublicChatNotFound() {
  return (
    <main style={{ display: 'grid', placeItems: 'center', minHeight: '100dvh', padding: 24, textAlign: 'center' }} data-testid="public-chat-not-found">
      <div>
        <h1 style={{ fontSize: 'var(--fs-xl)', margin: '0 0 8px' }}>This chat is not available</h1>
        <p style={{ color: 'var(--muted)', margin: 0 }}>The link may be mistyped, or sharing was turned off.</p>
      </div>
    </main>
  );
}
