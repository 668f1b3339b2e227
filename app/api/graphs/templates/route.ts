import { loadExamples } from '@/lib/server/examples';
import { templateJson } from '@/lib/server/graph-views';
import { json, route } from '@/lib/server/http';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The example graphs offered by "New graph" (POST /api/graphs { template: name }). */
export const GET = route('viewer', () => json({ templates: loadExamples().map(templateJson) }));
