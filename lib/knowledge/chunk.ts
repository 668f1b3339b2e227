/**
 * A document's text cut into retrievable chunks (issue 23): split first on headings (Markdown `#`
 * lines: the parsers turn HTML and DOCX headings into them), then, within a section, on paragraphs
 * packed up to the target size with the overlap (lib/tools/chunk.ts, the web retriever's chunker).
 * Each chunk keeps its position in the document, its section (the heading path, `A › B`) and the
 * page it came from (PDFs). Pure.
 */
import { chunkText } from '../tools/chunk';

export interface ChunkSettings {
  /** Most characters per chunk (100–8000). */
  targetChars: number;
  /** Characters a chunk repeats from the end of the one before (at most half a chunk). */
  overlap: number;
}

export const DEFAULT_CHUNKING: ChunkSettings = { targetChars: 1000, overlap: 100 };

/** A page of a parsed document (PDF), or the whole document (page null). */
export interface ParsedPart {
  text: string;
  page: number | null;
}

export interface Chunk {
  /** 0-based, in document order. */
  position: number;
  text: string;
  /** The heading path (`Guide › Install`), null before any heading. */
  section: string | null;
  page: number | null;
}

const HEADING = /^(#{1,6})[ \t]+(.+?)[ \t#]*$/;

interface Section {
  path: string | null;
  page: number | null;
  lines: string[];
}

function sectionsOf(parts: ParsedPart[]): Section[] {
  const out: Section[] = [];
  const trail: string[] = [];
  let current: Section | null = null;
  for (const part of parts) {
    current = { path: trail.length ? trail.join(' › ') : null, page: part.page, lines: [] };
    out.push(current);
    for (const line of part.text.split(/\r?\n/)) {
      const m = HEADING.exec(line.trim());
      if (!m) {
        current.lines.push(line);
        continue;
      }
      const level = m[1].length;
      trail.length = Math.min(trail.length, level - 1);
      trail.push(m[2].trim());
      current = { path: trail.join(' › '), page: part.page, lines: [] };
      out.push(current);
    }
  }
  return out;
}

/** The chunks of a parsed document, in order; sections without text give none. */
export function chunkDocument(parts: ParsedPart[], settings: ChunkSettings = DEFAULT_CHUNKING): Chunk[] {
  const chunks: Chunk[] = [];
  for (const section of sectionsOf(parts)) {
    const body = section.lines.join('\n').trim();
    if (!body) continue;
    for (const text of chunkText(body, { chunkChars: settings.targetChars, overlap: settings.overlap })) {
      chunks.push({ position: chunks.length, text, section: section.path, page: section.page });
    }
  }
  return chunks;
}
