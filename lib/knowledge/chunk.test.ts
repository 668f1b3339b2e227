import { describe, expect, it } from 'vitest';
import { chunkDocument } from './chunk';
import { contentHash } from './content-hash';
import { reciprocalRankFusion } from './fusion';

describe('chunkDocument', () => {
  it('splits on headings first, keeping the heading path as the section', () => {
    const text = '# Guide\nIntro text.\n\n## Install\nRun npm ci.\n\n## Use\nOpen the app.\n\n# Other\nMore.';
    const chunks = chunkDocument([{ text, page: null }], { targetChars: 500, overlap: 0 });
    expect(chunks.map((c) => [c.section, c.text])).toEqual([
      ['Guide', 'Intro text.'],
      ['Guide › Install', 'Run npm ci.'],
      ['Guide › Use', 'Open the app.'],
      ['Other', 'More.'],
    ]);
    expect(chunks.map((c) => c.position)).toEqual([0, 1, 2, 3]);
  });

  it('packs paragraphs up to the target size, with the overlap from the chunk before, never longer than the target', () => {
    const paras = Array.from({ length: 20 }, (_, i) => `Paragraph ${i} says something about topic ${i} in several words.`);
    const chunks = chunkDocument([{ text: paras.join('\n\n'), page: null }], { targetChars: 200, overlap: 40 });
    expect(chunks.length).toBeGreaterThan(5);
    for (const c of chunks) expect(c.text.length).toBeLessThanOrEqual(200);
    // every paragraph is in some chunk, whole
    for (const p of paras) expect(chunks.some((c) => c.text.includes(p))).toBe(true);
    // the second chunk starts with words from the end of the first
    const lastWords = chunks[0].text.split(' ').slice(-2).join(' ');
    expect(chunks[1].text.startsWith(lastWords) || chunks[1].text.includes(lastWords)).toBe(true);
  });

  it('keeps the page of each part and carries the heading across pages', () => {
    const chunks = chunkDocument(
      [
        { text: '# Refunds\nRefunds take five days.', page: 1 },
        { text: 'Store credit is instant.', page: 2 },
      ],
      { targetChars: 500, overlap: 0 },
    );
    expect(chunks).toEqual([
      { position: 0, text: 'Refunds take five days.', section: 'Refunds', page: 1 },
      { position: 1, text: 'Store credit is instant.', section: 'Refunds', page: 2 },
    ]);
  });

  it('gives no chunks for a document without text', () => {
    expect(chunkDocument([{ text: '\n\n# Only a heading\n\n', page: null }])).toEqual([]);
  });
});

describe('reciprocalRankFusion', () => {
  it('ranks an item high in both lists above one first in only one', () => {
    const fused = reciprocalRankFusion([
      ['a', 'b', 'c'],
      ['b', 'c', 'a'],
    ]);
    expect(fused.map((f) => f.id)).toEqual(['b', 'a', 'c']);
    expect(fused[0].score).toBeCloseTo(1 / 62 + 1 / 61);
  });

  it('keeps items found by one list only, and an empty list changes nothing', () => {
    const fused = reciprocalRankFusion([[1, 2], [], [3]]);
    expect(fused.map((f) => f.id)).toEqual([1, 3, 2]);
  });
});

describe('contentHash', () => {
  it('is the same for the same bytes, as bytes or text, and differs otherwise', () => {
    expect(contentHash('hello')).toBe(contentHash(new TextEncoder().encode('hello')));
    expect(contentHash('hello')).not.toBe(contentHash('hello!'));
    expect(contentHash('')).toMatch(/^[0-9a-f]{64}$/);
  });
});
