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

/** The box text that starts a run like `run` again: its JSON inputs when it had some, else its question. */
export function runInputText(run: { input: string; inputs?: Record<string, unknown> | null }): string {
  return run.inputs && Object.keys(run.inputs).length ? JSON.stringify(run.inputs) : run.input;
}

/**
 * What the run input box holds after a run is opened (from the history or the URL): the run's input
 * when the box is empty or still holds the input of the run opened before (`prefilled`); whatever
 * the user typed is never overwritten.
 */
export function prefillRunInput(box: string, prefilled: string | null, runInput: string): string {
  return !box.trim() || box === prefilled ? runInput : box;
}
