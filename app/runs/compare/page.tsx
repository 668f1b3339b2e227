import type { Metadata } from 'next';
import { ComparePage } from './compare-page';

export const metadata: Metadata = { title: 'Compare runs · Switchyard' };

/** Two runs side by side: /runs/compare?a=<run id>&b=<run id>. */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const q = await searchParams;
  const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';
  return <ComparePage a={one(q.a)} b={one(q.b)} />;
}
