/**
 * Okapi BM25 (k1 = 1.2, b = 0.75, Lucene's non-negative IDF), the document sampler's built-in lexical
 * scorer: no model, no package. Terms are lowercase runs of letters and digits (any script); a few
 * English function words are left out.
 */
const STOP = new Set('a an and are as at be by for from how i in is it of on or that the this to was what when where which who why with'.split(' '));

export function tokenize(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((t) => !STOP.has(t));
}

export function bm25Scores(query: string, docs: string[], k1 = 1.2, b = 0.75): number[] {
  const terms = [...new Set(tokenize(query))];
  const tokenized = docs.map(tokenize);
  const n = docs.length;
  const avgLen = tokenized.reduce((s, t) => s + t.length, 0) / Math.max(1, n) || 1;
  const df = new Map(terms.map((t) => [t, tokenized.filter((d) => d.includes(t)).length]));
  return tokenized.map((doc) => {
    const tf = new Map<string, number>();
    for (const t of doc) tf.set(t, (tf.get(t) ?? 0) + 1);
    let score = 0;
    for (const t of terms) {
      const f = tf.get(t) ?? 0;
      if (!f) continue;
      const d = df.get(t) ?? 0;
      const idf = Math.log(1 + (n - d + 0.5) / (d + 0.5));
      score += (idf * f * (k1 + 1)) / (f + k1 * (1 - b + (b * doc.length) / avgLen));
    }
    return score;
  });
}
