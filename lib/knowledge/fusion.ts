/**
 * Reciprocal rank fusion (Cormack, Clarke & Büttcher, SIGIR 2009): each ranked list gives an item
 * 1 / (k + rank) (rank from 1); an item's score is the sum over the lists it is in. k = 60 as in the
 * paper (and Elasticsearch, Azure AI Search). Ties keep the order of first appearance. Pure.
 */
export const RRF_K = 60;

export interface Fused<T> {
  id: T;
  score: number;
}

export function reciprocalRankFusion<T>(lists: readonly (readonly T[])[], k = RRF_K): Fused<T>[] {
  const scores = new Map<T, number>();
  for (const list of lists) {
    list.forEach((id, i) => scores.set(id, (scores.get(id) ?? 0) + 1 / (k + i + 1)));
  }
  return [...scores].map(([id, score]) => ({ id, score })).sort((a, b) => b.score - a.score);
}
