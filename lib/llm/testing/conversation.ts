/** Helpers that read a chat request the way a scripted model would: by what the conversation says. */
import type { MockChatRequest, MockMatch, MockRule } from './mock-types';

type Msg = MockChatRequest['messages'][number];

export function textOf(m: Msg): string {
  const c = m.content;
  if (typeof c === 'string') return c;
  if (Array.isArray(c)) return c.map((p) => (p && typeof p === 'object' && typeof (p as { text?: unknown }).text === 'string' ? (p as { text: string }).text : '')).join('');
  return '';
}

export function allText(req: MockChatRequest): string {
  return req.messages.map(textOf).join('\n');
}

export function lastUserText(req: MockChatRequest): string {
  for (let i = req.messages.length - 1; i >= 0; i--) if (req.messages[i].role === 'user') return textOf(req.messages[i]);
  return '';
}

export function systemText(req: MockChatRequest): string {
  return req.messages.filter((m) => m.role === 'system' || m.role === 'developer').map(textOf).join('\n');
}

/** 1-based model turn: assistant messages already in the conversation, plus one. */
export function turnOf(req: MockChatRequest): number {
  return req.messages.filter((m) => m.role === 'assistant').length + 1;
}

/** Names of functions whose calls have been answered by a tool message. */
export function answeredToolNames(req: MockChatRequest): string[] {
  const byId = new Map<string, string>();
  for (const m of req.messages) for (const tc of m.tool_calls ?? []) if (tc.id && tc.function?.name) byId.set(tc.id, tc.function.name);
  return req.messages.filter((m) => m.role === 'tool' && m.tool_call_id).map((m) => byId.get(m.tool_call_id!) ?? '');
}

/** Tool results (tool messages) in order, with the function name they answer. */
export function toolResults(req: MockChatRequest): Array<{ name: string; content: string }> {
  const names = answeredToolNames(req);
  return req.messages.filter((m) => m.role === 'tool' && m.tool_call_id).map((m, i) => ({ name: names[i], content: textOf(m) }));
}

/** The offered function whose parameters have a property named `prop` (e.g. `expression` → the calculator). */
export function offeredToolWith(req: MockChatRequest, prop: string): string | undefined {
  for (const t of req.tools ?? []) {
    const props = (t.function?.parameters as { properties?: Record<string, unknown> } | undefined)?.properties;
    if (props && prop in props) return t.function?.name;
  }
  return undefined;
}

const has = (hay: string, needle: string) => hay.toLowerCase().includes(needle.toLowerCase());
const list = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

export function matchesDeclarative(m: MockMatch, req: MockChatRequest): boolean {
  if (m.model !== undefined && req.model !== m.model) return false;
  if (m.lastUserContains !== undefined && !has(lastUserText(req), m.lastUserContains)) return false;
  if (m.systemContains !== undefined && !has(systemText(req), m.systemContains)) return false;
  const all = allText(req);
  if (!list(m.anyMessageContains).every((s) => has(all, s))) return false;
  if (list(m.noMessageContains).some((s) => has(all, s))) return false;
  if (m.hasToolResultFor !== undefined && !answeredToolNames(req).includes(m.hasToolResultFor)) return false;
  if (m.turn !== undefined && turnOf(req) !== m.turn) return false;
  if (m.offersTool !== undefined && !(req.tools ?? []).some((t) => t.function?.name === m.offersTool)) return false;
  return true;
}

export function ruleMatches(rule: MockRule, req: MockChatRequest): boolean {
  if (!rule.match) return true;
  return typeof rule.match === 'function' ? rule.match(req) : matchesDeclarative(rule.match, req);
}
