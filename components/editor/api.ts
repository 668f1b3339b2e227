/** The graphs API as the editor uses it: the one browser client of components/graphs/api.ts. */
export { ApiError } from '@/lib/contracts/client';
export type { GraphRecord } from '@/lib/contracts/graphs';
export { fetchGraph, importGraphYaml, saveGraph } from '@/components/graphs/api';
