/**
 * The mock's POST /v1/moderations (OpenAI's shape): a fixed word list per category, so a test
 * knows what gets flagged. A text scores 0.9 in a category when it has one of its words, else
 * 0.01; `[[moderation-error]]` in the input answers a 500 (the guard must then fail closed).
 */
import type { ServerResponse } from 'node:http';
import { sendJson } from './mock-respond';

/** Category -> words that flag it (case-insensitive, whole words). */
export const MODERATION_WORDS: Readonly<Record<string, readonly string[]>> = {
  violence: ['kill', 'murder', 'stab', 'shoot'],
  harassment: ['idiot', 'loser', 'moron'],
  'self-harm': ['suicide', 'self-harm'],
  hate: ['vermin'],
  illicit: ['meth', 'bomb'],
};

export const MODERATION_HIGH = 0.9;
export const MODERATION_LOW = 0.01;

function inputsOf(body: unknown): string[] {
  const input = (body as { input?: unknown } | undefined)?.input;
  if (typeof input === 'string') return [input];
  if (Array.isArray(input)) return input.map((i) => (typeof i === 'string' ? i : typeof (i as { text?: unknown })?.text === 'string' ? (i as { text: string }).text : ''));
  return [];
}

function score(text: string): { categories: Record<string, boolean>; category_scores: Record<string, number>; flagged: boolean } {
  const words = new Set(text.toLowerCase().split(/[^a-z-]+/));
  const category_scores: Record<string, number> = {};
  const categories: Record<string, boolean> = {};
  for (const [cat, list] of Object.entries(MODERATION_WORDS)) {
    const hit = list.some((w) => words.has(w));
    category_scores[cat] = hit ? MODERATION_HIGH : MODERATION_LOW;
    categories[cat] = hit;
  }
  return { categories, category_scores, flagged: Object.values(categories).some(Boolean) };
}

/** Answers POST /v1/moderations and returns true; false for any other route. */
export function handleModerationRoute(method: string, path: string, body: unknown, res: ServerResponse): boolean {
  if (method !== 'POST' || path !== '/v1/moderations') return false;
  const inputs = inputsOf(body);
  if (!inputs.length) {
    sendJson(res, 400, { error: { message: 'mock: `input` must be a string or an array', type: 'invalid_request_error' } });
    return true;
  }
  if (inputs.some((t) => t.includes('[[moderation-error]]'))) {
    sendJson(res, 500, { error: { message: 'mock: moderation back end failed', type: 'server_error' } });
    return true;
  }
  const model = typeof (body as { model?: unknown }).model === 'string' ? (body as { model: string }).model : 'omni-moderation-latest';
  sendJson(res, 200, { id: `modr-mock-${Date.now()}`, model, results: inputs.map(score) });
  return true;
}
