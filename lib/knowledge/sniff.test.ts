import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { sniffDocument } from './sniff';
import { minimalDocx, zipOf } from './testing/fixtures';

const enc = (s: string) => new TextEncoder().encode(s);

function codeOf(fn: () => unknown): string {
  try {
    fn();
    return 'none';
  } catch (err) {
    if (err instanceof AppError) return `${err.code}: ${err.message}`;
    throw err;
  }
}

describe('sniffDocument', () => {
  it('reads the kind from the bytes, not the name', () => {
    expect(sniffDocument(enc('%PDF-1.4\n...'), 'notes.txt')).toBe('pdf');
    expect(sniffDocument(enc('<!DOCTYPE html><html><body>x</body></html>'), 'page.pdf')).toBe('html');
    expect(sniffDocument(enc('{"a": 1}'), 'data.md')).toBe('json');
    expect(sniffDocument(minimalDocx(['Hello']), 'report.pdf')).toBe('docx');
  });

  it('tells Markdown, CSV and text apart by the name only among text', () => {
    expect(sniffDocument(enc('# Title\nbody'), 'a.md')).toBe('markdown');
    expect(sniffDocument(enc('a,b\n1,2'), 'a.csv')).toBe('csv');
    expect(sniffDocument(enc('just words'), 'a.bin')).toBe('text');
  });

  it('refuses binary that is not a document, naming the file', () => {
    expect(codeOf(() => sniffDocument(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 1, 2]), 'photo.md'))).toMatch(/^unsupported_media_type: photo\.md: not a document/);
  });

  it('refuses a zip that is not a Word document, and a zip bomb', () => {
    expect(codeOf(() => sniffDocument(zipOf({ 'a.txt': 'x' }), 'a.docx'))).toMatch(/^unsupported_media_type: a\.docx: a zip file that is not a Word document/);
    const bomb = zipOf({ 'word/document.xml': 'x' }, { claimedSize: 3_000_000_000 });
    expect(codeOf(() => sniffDocument(bomb, 'bomb.docx'))).toMatch(/^payload_too_large: bomb\.docx: the document would inflate/);
  });
});
