/**
 * One guard check on one text: its verdict. `texts` are every text the stage covers (the node's
 * task first, then the user's messages it sees); a redaction rewrites all of them, the other checks
 * judge the first. A check that cannot run (the judge unreachable, no /moderations, an unreadable
 * judgement) returns `error`: the caller fails closed (guards/run.ts).
 */
import { PII_KINDS, type GuardCheck, type GuardCheckOf } from '../../graph/schema';
import { safeRegex } from '../../graph/safe-regex';
import { errorInfo } from '../errors';
import { parseJsonReply, schemaErrors } from '../json-validate';
import { chat, resolveModel } from '../llm';
import type { ExecContext } from '../scope';
import { findPii, redactMatches } from './pii';
import { INJECTION_PROMPT_VERSION, injectionMessages } from './injection-prompt';

export type VerdictKind = 'pass' | 'redact' | 'flag' | 'block' | 'error';

export interface Verdict {
  verdict: VerdictKind;
  reason?: string;
  matches?: { kind: string; masked: string }[];
  scores?: Record<string, number>;
  prompt_version?: string;
  error?: string;
  /** With `redact`: the texts with what matched masked. */
  texts?: string[];
}

const DEFAULT_THRESHOLD = 0.5;

/** The verdict of a check that failed: its action (pii redacts, the others block, unless told). */
function failed(check: GuardCheck, reason: string, more: Partial<Verdict> = {}): Verdict {
  const action = check.action ?? (check.check === 'pii' ? 'redact' : 'block');
  return { verdict: action, reason, ...more };
}

function pii(check: GuardCheckOf<'pii'>, texts: string[]): Verdict {
  const kinds = check.kinds ?? PII_KINDS;
  const all = texts.map((t) => ({ text: t, found: findPii(t, kinds) }));
  const matches = all.flatMap((a) => a.found.map((m) => ({ kind: m.kind, masked: m.masked })));
  if (!matches.length) return { verdict: 'pass' };
  const kindsFound = [...new Set(matches.map((m) => m.kind))].join(', ');
  const reason = `the text contains personal data (${kindsFound})`;
  const v = failed(check, reason, { matches });
  return v.verdict === 'redact' ? { ...v, texts: all.map((a) => redactMatches(a.text, a.found)) } : v;
}

function regex(check: GuardCheckOf<'regex'>, texts: string[]): Verdict {
  const re = safeRegex(check.pattern);
  if (check.must_match) {
    return re.test(texts[0] ?? '') ? { verdict: 'pass' } : failed(check, `the text does not match /${check.pattern}/`);
  }
  const found = texts.map((t) => {
    const spans: { kind: string; start: number; end: number }[] = [];
    // Non-overlapping matches, left to right (each search starts after the previous match).
    for (let at = 0; at <= t.length && spans.length < 100; ) {
      const m = re.exec(t.slice(at));
      if (!m) break;
      const start = at + m.index;
      const end = start + Math.max(m[0].length, 1);
      if (m[0].length) spans.push({ kind: 'regex', start, end });
      at = end;
    }
    return { text: t, spans };
  });
  const matches = found.flatMap((f) => f.spans.map((s) => ({ kind: 'regex', masked: mask(f.text.slice(s.start, s.end)) })));
  if (!matches.length) return { verdict: 'pass' };
  const v = failed(check, `the text matches /${check.pattern}/`, { matches });
  return v.verdict === 'redact' ? { ...v, texts: found.map((f) => redactMatches(f.text, f.spans)) } : v;
}

/** A matched text as the trace shows it: its first and last character, its length. */
function mask(s: string): string {
  return s.length <= 2 ? '*'.repeat(s.length) : `${s[0]}${'*'.repeat(Math.min(s.length - 2, 20))}${s[s.length - 1]}`;
}

function maxChars(check: GuardCheckOf<'max_chars'>, text: string): Verdict {
  return text.length <= check.max ? { verdict: 'pass' } : failed(check, `the text has ${text.length} characters, more than ${check.max}`);
}

function jsonSchema(check: GuardCheckOf<'json_schema'>, text: string): Verdict {
  const parsed = parseJsonReply(text);
  if (!parsed.ok) return failed(check, parsed.error);
  const errors = schemaErrors(check.schema, parsed.value);
  return errors.length ? failed(check, `the text does not match the schema: ${errors.join('; ')}`) : { verdict: 'pass' };
}

async function moderation(ctx: ExecContext, check: GuardCheckOf<'moderation'>, text: string): Promise<Verdict> {
  const moderate = ctx.scope.ports.model.moderate;
  if (!moderate) return { verdict: 'error', error: 'this run has no /moderations (the model port offers none)' };
  const model = resolveModel(ctx, check.model);
  let res;
  try {
    res = await moderate({ connection: model.connection, ...(check.model ? { model: model.model } : {}), input: text, signal: ctx.scope.signal });
  } catch (err) {
    return { verdict: 'error', error: `/moderations of connection "${model.connection}" failed: ${errorInfo(err).message}` };
  }
  const threshold = check.threshold ?? DEFAULT_THRESHOLD;
  const wanted = check.categories;
  const scores = Object.fromEntries(Object.entries(res.scores).filter(([k]) => !wanted || wanted.includes(k)));
  const hit = Object.entries(scores).filter(([, s]) => s >= threshold).map(([k]) => k);
  // Without scores, the server's own flags count.
  if (!Object.keys(res.scores).length) hit.push(...Object.entries(res.categories).filter(([k, f]) => f && (!wanted || wanted.includes(k))).map(([k]) => k));
  return hit.length ? failed(check, `moderation flagged: ${hit.join(', ')}`, { scores }) : { verdict: 'pass', scores };
}

async function injection(ctx: ExecContext, check: GuardCheckOf<'injection'>, text: string): Promise<Verdict> {
  const base = { prompt_version: INJECTION_PROMPT_VERSION };
  let content: string;
  try {
    const res = await chat(ctx, { model: check.model, messages: injectionMessages(text), purpose: 'guard' });
    content = res.message.content ?? '';
  } catch (err) {
    ctx.scope.checkAlive();
    return { ...base, verdict: 'error', error: `the injection judge (model "${check.model}") could not be reached: ${errorInfo(err).message}` };
  }
  const parsed = parseJsonReply(content);
  const score = parsed.ok && parsed.value && typeof parsed.value === 'object' ? (parsed.value as { score?: unknown }).score : undefined;
  if (typeof score !== 'number' || !(score >= 0 && score <= 1)) {
    return { ...base, verdict: 'error', error: `the injection judge's reply is not {"score": 0..1, "reason": ...}: ${JSON.stringify(content.slice(0, 200))}` };
  }
  const why = (parsed.ok && typeof (parsed.value as { reason?: unknown }).reason === 'string' ? (parsed.value as { reason: string }).reason : '').slice(0, 500);
  const threshold = check.threshold ?? DEFAULT_THRESHOLD;
  const scores = { injection: score };
  return score >= threshold
    ? failed(check, `prompt injection suspected (score ${score} ≥ ${threshold})${why ? `: ${why}` : ''}`, { ...base, scores })
    : { ...base, verdict: 'pass', scores, ...(why ? { reason: why } : {}) };
}

export async function runCheck(ctx: ExecContext, check: GuardCheck, texts: string[]): Promise<Verdict> {
  const text = texts[0] ?? '';
  switch (check.check) {
    case 'pii':
      return pii(check, texts);
    case 'regex':
      return regex(check, texts);
    case 'max_chars':
      return maxChars(check, text);
    case 'json_schema':
      return jsonSchema(check, text);
    case 'moderation':
      return moderation(ctx, check, text);
    case 'injection':
      return injection(ctx, check, text);
  }
}
