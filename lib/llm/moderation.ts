/**
 * The connection's /moderations (the `moderation` guard): one request, no retries (the guard fails
 * closed on an error, so a retry loop would only delay the same verdict), errors classified and
 * redacted like a chat call's.
 */
import type { ModerationRequest, ModerationResult } from '../engine/ports';
import type { Connection } from './connection';
import { classifyFailure } from './model-errors';
import { openaiClient } from './openai-client';
import { redactError } from '../tools/redact';

export async function moderate(connection: Connection, req: ModerationRequest, timeoutMs: number): Promise<ModerationResult> {
  const client = openaiClient(connection, timeoutMs);
  try {
    const res = await client.moderations.create({ input: req.input, ...(req.model ? { model: req.model } : {}) }, { signal: req.signal });
    const first = res.results?.[0];
    if (!first) throw new Error('the /moderations reply has no result');
    const categories: Record<string, boolean> = {};
    const scores: Record<string, number> = {};
    for (const [k, v] of Object.entries(first.categories ?? {})) if (typeof v === 'boolean') categories[k] = v;
    for (const [k, v] of Object.entries(first.category_scores ?? {})) if (typeof v === 'number') scores[k] = v;
    return { flagged: !!first.flagged, categories, scores };
  } catch (err) {
    throw redactError(classifyFailure(err, connection.name, connection.base_url).error);
  }
}
