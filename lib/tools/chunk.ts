/**
 * Paragraph-sized pieces of a text (seed 001 WebRetriever's documents): whole paragraphs are
 * packed together up to `chunkChars`; a longer paragraph is cut at sentence ends, else at spaces,
 * else anywhere. With `overlap`, each piece after the first starts with the last `overlap`
 * characters of the one before (from a word start), so a sentence cut in two is whole in one.
 * No piece is longer than `chunkChars`.
 */
export interface ChunkOptions {
  chunkChars: number;
  overlap: number;
}

/** `text` cut into pieces of at most `max` characters, preferring sentence ends, then spaces. */
function cutLong(text: string, max: number): string[] {
  const out: string[] = [];
  let rest = text;
  while (rest.length > max) {
    const window = rest.slice(0, max + 1);
    const sentence = Math.max(window.lastIndexOf('. '), window.lastIndexOf('! '), window.lastIndexOf('? '));
    const space = window.lastIndexOf(' ');
    const at = sentence > max / 2 ? sentence + 1 : space > 0 ? space : max;
    out.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest) out.push(rest);
  return out;
}

/** The last `n` characters of `text`, starting at a word (empty when n is 0). */
function tail(text: string, n: number): string {
  if (n <= 0 || !text) return '';
  if (text.length <= n) return text;
  const cut = text.slice(text.length - n);
  const space = cut.indexOf(' ');
  return space >= 0 && space < cut.length - 1 ? cut.slice(space + 1) : cut;
}

export function chunkText(text: string, opts: ChunkOptions): string[] {
  const max = Math.max(1, Math.floor(opts.chunkChars));
  // Room kept for the overlap: at most half a chunk.
  const overlap = Math.max(0, Math.min(Math.floor(opts.overlap), Math.floor(max / 2)));
  const budget = max - (overlap ? overlap + 1 : 0);
  const paras = text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .flatMap((p) => cutLong(p, budget));
  const packed: string[] = [];
  let current = '';
  for (const p of paras) {
    if (current && current.length + 2 + p.length > budget) {
      packed.push(current);
      current = p;
    } else current = current ? `${current}\n\n${p}` : p;
  }
  if (current) packed.push(current);
  if (!overlap) return packed;
  return packed.map((piece, i) => {
    const before = i > 0 ? tail(packed[i - 1], overlap) : '';
    return before ? `${before} ${piece}` : piece;
  });
}
