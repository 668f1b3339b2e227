/**
 * What a run starts with when the input box is empty: the first question quoted in the graph's
 * description (the examples name one, e.g. "Who is …?"), else a plain greeting. Shown as the box's
 * placeholder and put in the box when used, so it is never a hidden choice.
 */
export const FALLBACK_RUN_INPUT = 'Hello';

const QUOTED_QUESTION = /["“]([^"”\n]{3,300}?\?)["”]/;

export function defaultRunInput(description: string | undefined | null): string {
  const m = description ? QUOTED_QUESTION.exec(description.replace(/\s*\n\s*/g, ' ')) : null;
  return m ? m[1].trim() : FALLBACK_RUN_INPUT;
}
