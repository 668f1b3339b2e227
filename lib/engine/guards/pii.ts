/**
 * PII detection for the `pii` guard: emails, phone numbers, payment cards (Luhn-checked), IBANs
 * (mod-97-checked) and national ids (US SSN with its reserved ranges excluded, UK National
 * Insurance numbers). Every pattern runs on RE2 (re2js, the same linear-time engine as
 * lib/graph/safe-regex.ts): matching time grows with the text, never exponentially, whatever the
 * text. Checksums cut false positives (a 16-digit order number is not a card unless Luhn holds).
 * Matches are reported masked (`masked`): the matched text itself never reaches the trace. Pure.
 */
import { RE2JS } from 're2js';
import type { PiiKind } from '../../graph/schema';

export interface PiiMatch {
  kind: PiiKind;
  start: number;
  end: number;
  /** The match with all but a hint hidden (e.g. `****-****-****-1111`). */
  masked: string;
}

interface Detector {
  kind: PiiKind;
  re: RE2JS;
  /** Further checks on a candidate (checksums, reserved ranges). */
  valid?: (text: string) => boolean;
  mask: (text: string) => string;
}

const digits = (s: string) => s.replace(/\D/g, '');

/** Luhn (mod 10) checksum of a card number. */
export function luhnValid(number: string): boolean {
  const d = digits(number);
  if (d.length < 13 || d.length > 19) return false;
  let sum = 0;
  for (let i = 0; i < d.length; i++) {
    let n = d.charCodeAt(d.length - 1 - i) - 48;
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return sum % 10 === 0;
}

/** ISO 13616 IBAN check: move the first four characters to the end, letters to numbers, mod 97 = 1. */
export function ibanValid(iban: string): boolean {
  const s = iban.replace(/\s/g, '').toUpperCase();
  if (s.length < 15 || s.length > 34 || !/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(s)) return false;
  const moved = s.slice(4) + s.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const v = ch >= 'A' && ch <= 'Z' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const c of v) rest = (rest * 10 + (c.charCodeAt(0) - 48)) % 97;
  }
  return rest === 1;
}

/** A US SSN outside the ranges never issued (area 000, 666, 900-999; group 00; serial 0000). */
function ssnValid(s: string): boolean {
  const [area, group, serial] = s.split('-');
  return area !== '000' && area !== '666' && area[0] !== '9' && group !== '00' && serial !== '0000';
}

const keepLast = (s: string, n: number) => s.replace(/[A-Za-z0-9]/g, (c, i: number) => (i >= s.length - n ? c : '*'));

function maskEmail(s: string): string {
  const at = s.indexOf('@');
  const dot = s.lastIndexOf('.');
  return `${s[0]}***@***${dot > at ? s.slice(dot) : ''}`;
}

const DETECTORS: Detector[] = [
  { kind: 'email', re: RE2JS.compile(String.raw`[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,24}`), mask: maskEmail },
  {
    kind: 'iban',
    re: RE2JS.compile(String.raw`\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}\b`),
    valid: ibanValid,
    mask: (s) => `${s.slice(0, 2)}** ${keepLast(s.slice(4).replace(/\s/g, ''), 4).replace(/\*+/, '****')}`,
  },
  { kind: 'card', re: RE2JS.compile(String.raw`\b\d(?:[ -]?\d){12,18}\b`), valid: luhnValid, mask: (s) => `**** **** **** ${digits(s).slice(-4)}` },
  { kind: 'national_id', re: RE2JS.compile(String.raw`\b\d{3}-\d{2}-\d{4}\b`), valid: ssnValid, mask: (s) => `***-**-${s.slice(-4)}` },
  { kind: 'national_id', re: RE2JS.compile(String.raw`\b[A-CEGHJ-PR-TW-Z]{2} ?\d{2} ?\d{2} ?\d{2} ?[A-D]\b`), mask: (s) => `${s.slice(0, 2)}******${s.slice(-1)}` },
  {
    kind: 'phone',
    // +CC, an area code in parentheses, groups split by space, dot or dash: 7 to 15 digits in all.
    re: RE2JS.compile(String.raw`(?:\+\d{1,3}[ .-]?)?(?:\(\d{1,4}\)[ .-]?)?\d{2,4}(?:[ .-]\d{2,4}){1,4}\b|\+\d{7,15}\b`),
    valid: (s) => {
      const n = digits(s).length;
      return n >= 7 && n <= 15;
    },
    mask: (s) => keepLast(s, 2),
  },
];

/** Every PII match of `kinds` in `text`, earlier detectors first; an overlapping later match is skipped. */
export function findPii(text: string, kinds: readonly PiiKind[]): PiiMatch[] {
  const found: PiiMatch[] = [];
  const overlaps = (s: number, e: number) => found.some((f) => s < f.end && e > f.start);
  for (const d of DETECTORS) {
    if (!kinds.includes(d.kind)) continue;
    const m = d.re.matcher(text);
    while (m.find()) {
      const start = m.start();
      const end = m.end();
      const hit = m.group() ?? '';
      if (overlaps(start, end) || (d.valid && !d.valid(hit))) continue;
      found.push({ kind: d.kind, start, end, masked: d.mask(hit) });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/** The text a redaction puts in place of a match. */
export const redactionOf = (kind: string) => `[REDACTED_${kind.toUpperCase()}]`;

/** `text` with each match replaced by its redaction marker. */
export function redactMatches(text: string, matches: readonly { kind: string; start: number; end: number }[]): string {
  let out = '';
  let at = 0;
  for (const m of [...matches].sort((a, b) => a.start - b.start)) {
    if (m.start < at) continue;
    out += text.slice(at, m.start) + redactionOf(m.kind);
    at = m.end;
  }
  return out + text.slice(at);
}
