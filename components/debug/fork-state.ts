/** The fork dialog's state editor: JSON text to a state object, with a message for what is wrong. Pure. */
export type ParsedState = { ok: true; state: Record<string, unknown> } | { ok: false; error: string };

export function parseForkState(text: string): ParsedState {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { ok: false, error: `Not valid JSON: ${err instanceof Error ? err.message : String(err)}` };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { ok: false, error: 'The state must be a JSON object of channels, e.g. { "route": "refund" }' };
  return { ok: true, state: value as Record<string, unknown> };
}

/** Only the channels that differ from the checkpoint's (what the fork sends). */
export function changedChannels(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(after)) if (JSON.stringify(v) !== JSON.stringify(before[k])) out[k] = v;
  for (const k of Object.keys(before)) if (!(k in after)) out[k] = null;
  return out;
}
