/**
 * The run input box's text → the run request body: plain text is the question; text that starts
 * with `{` must be a JSON object (the graph's inputs), else a clear error and no run.
 */
export type RunInput = { ok: true; body: { input: string; inputs?: Record<string, unknown> } } | { ok: false; error: string };

export function parseRunInput(text: string): RunInput {
  const t = text.trim();
  if (!t.startsWith('{')) {
    if (!t) return { ok: false, error: 'Type a question (or a JSON object of inputs) to run the graph.' };
    return { ok: true, body: { input: text } };
  }
  let v: unknown;
  try {
    v = JSON.parse(t);
  } catch (err) {
    return { ok: false, error: `The input starts with "{" but is not valid JSON: ${(err as Error).message}` };
  }
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return { ok: false, error: 'JSON input must be an object of inputs.' };
  const inputs = v as Record<string, unknown>;
  const q = inputs.input ?? inputs.question;
  return { ok: true, body: { input: typeof q === 'string' ? q : t, inputs } };
}
