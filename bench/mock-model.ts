/**
 * The mock OpenAI server as a child process of the benchmarks (its CPU is not the server's):
 * answers every chat request after BENCH_MODEL_LATENCY_MS (default 50) with a short streamed reply
 * (or with BENCH_MODEL_REPLY_BYTES of text in BENCH_MODEL_CHUNK-character chunks, BENCH_MODEL_CHUNK_MS
 * apart: bench/health-under-runs.ts), and prints its base URL as the first line of stdout.
 */
import { startMockOpenAI } from '@/lib/llm/testing/mock-openai-server';

function reply() {
  const bytes = Number(process.env.BENCH_MODEL_REPLY_BYTES ?? 0);
  if (!bytes) return { content: 'A short answer of about twenty tokens, streamed in a few chunks.', chunkSize: 16 };
  return { content: 'word '.repeat(Math.ceil(bytes / 5)), chunkSize: Number(process.env.BENCH_MODEL_CHUNK ?? 1024), delayMs: Number(process.env.BENCH_MODEL_CHUNK_MS ?? 0) };
}

const mock = await startMockOpenAI({
  latencyMs: Number(process.env.BENCH_MODEL_LATENCY_MS ?? 50),
  rules: [{ name: 'reply', reply: reply() }],
});
console.log(mock.url);
// The benchmark makes tens of thousands of calls: keep no record of them.
setInterval(() => mock.reset(), 1000).unref();
process.on('SIGTERM', () => void mock.close().then(() => process.exit(0)));
