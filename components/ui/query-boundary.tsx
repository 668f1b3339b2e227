'use client';

import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, useState, type ReactNode } from 'react';

/** Use the app's QueryClient when there is one; otherwise provide a local one (standalone pages). */
export function QueryBoundary({ children }: { children: ReactNode }) {
  const existing = useContext(QueryClientContext);
  const [local] = useState(() => (existing ? null : new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } })));
  if (existing || !local) return <>{children}</>;
  return <QueryClientProvider client={local}>{children}</QueryClientProvider>;
}
