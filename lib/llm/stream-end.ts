/**
 * How a model stream ended. A complete OpenAI stream says so twice: the last choice chunk carries a
 * `finish_reason`, and the event stream ends with `data: [DONE]`. A stream that ends with neither
 * (the connection closed early: a proxy cut it, the server crashed) is a failed attempt, never an
 * answer: the model port retries it and then fails with `model_incomplete` (chat.ts).
 *
 * The SDK hides `[DONE]` (its Stream ends quietly either way), so the response body is watched on
 * its way to the SDK's SSE parser: `watchDone` passes every byte through and notes the marker.
 */

/** Thrown by an attempt whose stream ended without `finish_reason` and without `[DONE]`. */
export class StreamIncomplete extends Error {
  constructor(readonly chunks: number) {
    super(`the stream ended after ${chunks} chunk${chunks === 1 ? '' : 's'} without a finish_reason or [DONE]`);
    this.name = 'StreamIncomplete';
  }
}

const DONE = /\ndata: ?\[DONE\]/;

/** `res` with its body watched for the `data: [DONE]` line; `sawDone()` tells whether it came. */
export function watchDone(res: Response): { response: Response; sawDone(): boolean } {
  let seen = false;
  if (!res.body) return { response: res, sawDone: () => seen };
  const decoder = new TextDecoder();
  // The marker may be split across two reads: keep the end of the previous one.
  let tail = '\n';
  const watch = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, ctrl) {
      if (!seen) {
        const text = tail + decoder.decode(chunk, { stream: true });
        if (DONE.test(text.replace(/\r/g, ''))) seen = true;
        tail = text.slice(-16);
      }
      ctrl.enqueue(chunk);
    },
  });
  const response = new Response(res.body.pipeThrough(watch), { status: res.status, statusText: res.statusText, headers: res.headers });
  return { response, sawDone: () => seen };
}
