/** A small SSE reader for tests: parses `id:`/`event:`/`data:` frames and comment lines from a fetch body. */
export interface SseFrame {
  id?: string;
  event?: string;
  data: string;
}

export interface SseReader {
  /** The next frame, or null at the end of the stream. */
  next(): Promise<SseFrame | null>;
  comments: string[];
  cancel(): Promise<void>;
}

export function readSse(body: ReadableStream<Uint8Array>): SseReader {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const comments: string[] = [];
  let buf = '';
  let done = false;

  function takeFrame(): SseFrame | null | 'none' {
    for (;;) {
      const end = buf.indexOf('\n\n');
      if (end < 0) return 'none';
      const block = buf.slice(0, end);
      buf = buf.slice(end + 2);
      const frame: SseFrame = { data: '' };
      const data: string[] = [];
      let hasField = false;
      for (const line of block.split('\n')) {
        if (line.startsWith(':')) {
          comments.push(line.slice(1).trim());
          continue;
        }
        const i = line.indexOf(':');
        const field = i < 0 ? line : line.slice(0, i);
        const value = i < 0 ? '' : line.slice(i + 1).replace(/^ /, '');
        if (field === 'data') data.push(value);
        else if (field === 'id') frame.id = value;
        else if (field === 'event') frame.event = value;
        else continue;
        hasField = true;
      }
      if (!hasField || (!data.length && !frame.event)) continue;
      frame.data = data.join('\n');
      return frame;
    }
  }

  return {
    comments,
    async next() {
      for (;;) {
        const f = takeFrame();
        if (f !== 'none') return f;
        if (done) return null;
        const { value, done: d } = await reader.read();
        if (d) done = true;
        else buf += decoder.decode(value, { stream: true });
      }
    },
    cancel: () => reader.cancel().catch(() => undefined),
  };
}
