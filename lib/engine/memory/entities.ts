/**
 * Entity memory (`memory: { entities: { every: N } }`, seed 001): every N turns a model call reads
 * the turns since the last extraction plus the entities known so far and answers, as JSON, the
 * updated list of entities (people, places, organizations, ...) with a short summary of each.
 * The reply is read defensively (code fences, prose around the JSON, wrong shapes) and bounded.
 * Pure: no I/O.
 */
import type { ChatMessage, MemoryEntity } from '../ports';
import { clip, transcript } from './turns';

export const MAX_ENTITIES = 50;
const MAX_NAME_CHARS = 80;
const MAX_KIND_CHARS = 32;
const MAX_ENTITY_SUMMARY_CHARS = 300;
/** The most turns one extraction reads. */
const MAX_TURNS_PER_CALL = 20;

/** Turn index range [from, to) to extract from now, or undefined when fewer than `every` turns passed. */
export function entitiesPlan(turns: number, lastAt: number, every: number): { from: number; to: number } | undefined {
  if (turns - lastAt < every) return undefined;
  return { from: Math.max(lastAt, turns - MAX_TURNS_PER_CALL, 0), to: turns };
}

export function entitiesPrompt(known: readonly MemoryEntity[], turns: readonly ChatMessage[][]): ChatMessage[] {
  return [
    {
      role: 'system',
      content:
        'You extract the named entities of a conversation (people, places, organizations, products, events, ...) and keep a short summary of what is known about each. ' +
        'Answer with JSON only, no prose: {"entities":[{"name":"...","kind":"person|place|organization|product|event|other","summary":"one or two sentences"}]}. ' +
        `Return the whole updated list (known entities plus new ones, updated with the new lines), at most ${MAX_ENTITIES} entities.`,
    },
    {
      role: 'user',
      content: `Known entities (JSON):\n${JSON.stringify(known)}\n\nNew lines of the conversation:\n${transcript(turns)}`,
    },
  ];
}

/** The first JSON value found in a reply: the whole text, a ```json fence, or the outermost {...} / [...]. */
function firstJson(text: string): unknown {
  const candidates = [text.trim()];
  const fence = /```(?:json)?\s*([\s\S]*?)```/i.exec(text);
  if (fence) candidates.push(fence[1].trim());
  for (const [open, close] of [['{', '}'], ['[', ']']]) {
    const a = text.indexOf(open);
    const b = text.lastIndexOf(close);
    if (a >= 0 && b > a) candidates.push(text.slice(a, b + 1));
  }
  for (const c of candidates) {
    try {
      return JSON.parse(c);
    } catch {
      // try the next candidate
    }
  }
  throw new Error(`the entity model did not answer JSON: ${clip(text.trim() || '(empty reply)', 120)}`);
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

/**
 * The entities of a model reply, bounded and without duplicates (by name, case-insensitive; the
 * later one wins). Throws an Error saying what was wrong when the reply holds no entity list.
 */
export function readEntities(reply: string | null): MemoryEntity[] {
  const value = firstJson(reply ?? '');
  const list = Array.isArray(value) ? value : value && typeof value === 'object' ? (value as Record<string, unknown>).entities : undefined;
  if (!Array.isArray(list)) throw new Error('the entity model answered JSON without an "entities" list');
  const byName = new Map<string, MemoryEntity>();
  for (const item of list) {
    if (!item || typeof item !== 'object') continue;
    const o = item as Record<string, unknown>;
    const name = clip(str(o.name), MAX_NAME_CHARS);
    if (!name) continue;
    const entity = { name, kind: clip(str(o.kind ?? o.type) || 'other', MAX_KIND_CHARS), summary: clip(str(o.summary ?? o.description), MAX_ENTITY_SUMMARY_CHARS) };
    byName.delete(name.toLowerCase());
    byName.set(name.toLowerCase(), entity);
  }
  return [...byName.values()].slice(-MAX_ENTITIES);
}
