/**
 * What an uploaded document is, read from its bytes (issue 23: never trusted from its name or the
 * declared content type): PDF (`%PDF-`), DOCX (a zip holding `word/document.xml`), HTML, JSON,
 * or UTF-8 text (Markdown, CSV and plain text are all read as text; the name's extension only picks
 * which of those three to call it). Anything else is refused (`unsupported_media_type`). A zip whose
 * entries would inflate past MAX_UNZIPPED_BYTES, or more than MAX_ZIP_RATIO times its size, is
 * refused as a zip bomb before any parser sees it. Pure.
 */
import { AppError } from '../errors';

export type DocumentKind = 'pdf' | 'docx' | 'html' | 'json' | 'markdown' | 'csv' | 'text';

export const MIME: Record<DocumentKind, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  html: 'text/html',
  json: 'application/json',
  markdown: 'text/markdown',
  csv: 'text/csv',
  text: 'text/plain',
};

export const MAX_UNZIPPED_BYTES = 200 * 1024 * 1024;
export const MAX_ZIP_RATIO = 100;

const startsWith = (b: Uint8Array, s: string) => b.length >= s.length && [...s].every((c, i) => b[i] === c.charCodeAt(0));

interface ZipEntry {
  name: string;
  uncompressed: number;
}

/** The entries of a zip's central directory (null: not a readable zip). */
export function zipEntries(b: Uint8Array): ZipEntry[] | null {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  // End of central directory: signature 0x06054b50, within the last 64 KiB + 22 bytes.
  let eocd = -1;
  for (let i = b.length - 22; i >= Math.max(0, b.length - 65_557); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = view.getUint16(eocd + 10, true);
  let at = view.getUint32(eocd + 16, true);
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > b.length || view.getUint32(at, true) !== 0x02014b50) return null;
    const uncompressed = view.getUint32(at + 24, true);
    const nameLen = view.getUint16(at + 28, true);
    const extraLen = view.getUint16(at + 30, true);
    const commentLen = view.getUint16(at + 32, true);
    const name = new TextDecoder().decode(b.subarray(at + 46, at + 46 + nameLen));
    entries.push({ name, uncompressed });
    at += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

function checkZip(b: Uint8Array, name: string): void {
  const entries = zipEntries(b);
  if (!entries) throw new AppError('bad_request', `${name}: the file is a damaged zip (no readable central directory)`);
  if (!entries.some((e) => e.name === 'word/document.xml')) {
    throw new AppError('unsupported_media_type', `${name}: a zip file that is not a Word document (no word/document.xml); upload DOCX, PDF, HTML, Markdown, text, CSV or JSON`);
  }
  const total = entries.reduce((s, e) => s + e.uncompressed, 0);
  // 0xffffffff: a ZIP64 size this reader does not follow; refused rather than trusted.
  if (entries.some((e) => e.uncompressed === 0xffffffff) || total > MAX_UNZIPPED_BYTES || total > MAX_ZIP_RATIO * Math.max(b.length, 1024)) {
    throw new AppError('payload_too_large', `${name}: the document would inflate to ${total} bytes from ${b.length} (a zip bomb?); at most ${MAX_UNZIPPED_BYTES} bytes and ${MAX_ZIP_RATIO}× are accepted`);
  }
}

function isUtf8Text(b: Uint8Array): boolean {
  if (b.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(b);
    return true;
  } catch {
    return false;
  }
}

/** The kind of document the bytes hold; `name` only names it in errors and tells Markdown and CSV from text. */
export function sniffDocument(bytes: Uint8Array, name: string): DocumentKind {
  if (startsWith(bytes, '%PDF-')) return 'pdf';
  if (startsWith(bytes, 'PK\u0003\u0004')) {
    checkZip(bytes, name);
    return 'docx';
  }
  if (!isUtf8Text(bytes)) {
    throw new AppError('unsupported_media_type', `${name}: not a document this can read (neither PDF, DOCX nor UTF-8 text); upload DOCX, PDF, HTML, Markdown, text, CSV or JSON`);
  }
  const head = new TextDecoder().decode(bytes.subarray(0, 2048)).replace(/^\uFEFF/, '').trimStart().toLowerCase();
  if (/^(<!doctype html|<html[\s>]|<head[\s>]|<body[\s>])/.test(head) || (head.startsWith('<!--') && head.includes('<html'))) return 'html';
  if (head.startsWith('{') || head.startsWith('[')) {
    try {
      JSON.parse(new TextDecoder().decode(bytes));
      return 'json';
    } catch {
      // text that starts with a bracket
    }
  }
  const ext = name.toLowerCase().split('.').pop();
  if (ext === 'md' || ext === 'markdown') return 'markdown';
  if (ext === 'csv') return 'csv';
  return 'text';
}
