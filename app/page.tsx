import { GraphsPage } from '@/components/graphs/graphs-page';

export const dynamic = 'force-dynamic';

/** The graph list (data is loaded in the browser through /api/graphs with react-query). */
export default function HomePage() {
  return <GraphsPage />;
}
