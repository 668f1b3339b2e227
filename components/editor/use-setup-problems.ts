'use client';
/**
 * Keeps the store's setup problems (./setup-problems.ts) in step with the graph's model entries,
 * the configured connections and the model lists of the connections the graph uses.
 */
import { useQueries } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { connectionModelsQuery, useConnections } from '@/components/settings/use-connections';
import { useEditor, useEditorStore } from './state/context';
import { setupProblems } from './setup-problems';

export function useSetupProblems(): void {
  const store = useEditorStore();
  const models = useEditor((s) => s.graph.models);
  const conns = useConnections();
  const configured = useMemo(() => conns.data?.connections.map((c) => c.name), [conns.data]);
  const used = useMemo(() => [...new Set(Object.values(models ?? {}).map((m) => m?.connection))].filter((n): n is string => !!n && !!configured?.includes(n)).sort(), [models, configured]);
  const lists = useQueries({ queries: used.map((name) => connectionModelsQuery(name)) });
  const listed: Record<string, string[] | undefined> = {};
  used.forEach((name, i) => {
    const d = lists[i]?.data;
    listed[name] = d?.ok ? d.models : undefined;
  });
  // The query results are new objects on every render: the effect keys on their content.
  const listedKey = JSON.stringify(listed);
  useEffect(() => {
    const next = setupProblems(models ?? {}, configured, JSON.parse(listedKey) as Record<string, string[] | undefined>);
    const cur = store.getState().setupProblems;
    if (JSON.stringify(cur) !== JSON.stringify(next)) store.getState().setSetupProblems(next);
  }, [models, configured, listedKey, store]);
}
