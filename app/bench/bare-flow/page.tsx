import { BareFlow } from './bare-flow';

export const dynamic = 'force-dynamic';

export default async function BareFlowPage({ searchParams }: { searchParams: Promise<{ n?: string }> }) {
  const n = Math.min(Math.max(Number((await searchParams).n) || 100, 1), 5000);
  return <BareFlow n={n} />;
}
