/**
 * "Not found" in the app's own look: the app header, what was not found, and where to go instead.
 * Used by app/not-found.tsx (any unknown address), an unknown graph in the editor and an unknown run.
 */
import Link from 'next/link';
import type { ReactNode } from 'react';
import { AppHeader } from './app-header';
import { buttonClass } from './button';
import { EmptyState } from './empty-state';

export function NotFoundView({ title, children, testId = 'not-found' }: { title: string; children?: ReactNode; testId?: string }) {
  return (
    <>
      <AppHeader />
      <main style={{ maxWidth: 720, margin: '0 auto', padding: '48px 24px' }}>
        <EmptyState
          title={title}
          data-testid={testId}
          actions={
            <>
              <Link href="/" className={buttonClass({ variant: 'primary' })} data-testid="not-found-home">
                All graphs
              </Link>
              <Link href="/docs" className={buttonClass({})}>
                Documentation
              </Link>
              <Link href="/settings" className={buttonClass({})}>
                Settings
              </Link>
            </>
          }
        >
          {children}
        </EmptyState>
      </main>
    </>
  );
}
