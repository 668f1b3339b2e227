/** The `knowledge` tool's port for a run (lib/tools/knowledge-tool.ts): bases by name in the run's workspace, searched by ./search.ts. */
import 'server-only';
import { getStore } from '@/db/store';
import { notFound } from '@/lib/errors';
import type { KnowledgePort } from '@/lib/tools/knowledge-tool';
import { queryKnowledge } from './search';

export function knowledgeToolPort(workspace: () => Promise<string | undefined>): KnowledgePort {
  return {
    async query(name, query, opts) {
      const ws = await workspace();
      const base = ws ? await getStore().knowledge.getBase(ws, name) : undefined;
      if (!base) throw notFound(`knowledge base "${name}" (in the graph's workspace; create it on the Knowledge page or POST /api/knowledge-bases)`);
      const { mode, hits } = await queryKnowledge(base, { query, topK: opts.topK, mode: opts.mode, signal: opts.signal });
      return {
        mode,
        hits: hits.map((h) => ({ text: h.text, score: h.score, document: { id: h.documentId, name: h.documentName }, position: h.position, section: h.section, page: h.page })),
      };
    },
  };
}
