/**
 * The built-in scenarios of the mock model, keyed by what the conversation says. Loaded by serve.ts
 * (the e2e mock) and importable by vitest suites: `startMockOpenAI({ rules: BUILTIN_RULES, search: BUILTIN_SEARCH })`.
 *
 * Order matters (first match wins): the guards' injection judge (by its versioned prompt), test markers, the LLM router, the MRKL walk-through,
 * then role rules recognised by the engine's prompts or the node's system prompt (supervisor,
 * researcher, plan synthesis, planner, executor, reviewer, writer), then a greeting.
 */
import { lastUserText } from './conversation';
import type { SearchFixture } from './mock-tool-routes';
import type { MockRule } from './mock-types';
import { docsQaRules } from './scenarios/docs-qa';
import { guardJudgeRules } from './scenarios/guard-judge';
import { MRKL_SEARCH, mrklRules } from './scenarios/mrkl';
import { planExecuteRules } from './scenarios/plan-execute';
import { supervisorRules } from './scenarios/supervisor';
import { writerReviewerRules } from './scenarios/writer-reviewer';

export * from './scenarios/mrkl';

/**
 * Markers a test can put in its input to get a behaviour:
 *   [[slow]]        40 chunks, 150 ms apart (to cancel a run mid-stream)
 *   [[stall]]       two chunks, then nothing (timeouts, cancel)
 *   [[truncate]]    three chunks, then the stream closes without finish_reason or [DONE] (model_incomplete)
 *   [[rate-limit]]  a 429 with Retry-After: 1, once per server reset, then the echo reply
 *   [[error-400]]   a 400 from the server
 *   [[garbage]]     a stream chunk that is not JSON
 *   [[echo]]        replies "Echo: <last user message>"
 */
const markerRules: MockRule[] = [
  { name: 'slow', match: { lastUserContains: '[[slow]]' }, reply: { content: 'tick '.repeat(40), chunkSize: 5, delayMs: 150 } },
  { name: 'stall', match: { lastUserContains: '[[stall]]' }, reply: { content: 'Thinking about it...', chunkSize: 4, stallAfter: 2 } },
  { name: 'truncate', match: { lastUserContains: '[[truncate]]' }, reply: { content: 'A partial answer that never ends', chunkSize: 6, truncateAfter: 3 } },
  { name: 'rate-limit', match: { lastUserContains: '[[rate-limit]]' }, times: 1, reply: { error: { status: 429, retryAfter: 1, message: 'Rate limit reached (mock).' } } },
  { name: 'error-400', match: { lastUserContains: '[[error-400]]' }, reply: { error: { status: 400, message: "Invalid value for 'model' (mock)." } } },
  { name: 'garbage', match: { lastUserContains: '[[garbage]]' }, reply: { garbage: true } },
  { name: 'echo', match: (req) => /\[\[(echo|rate-limit)\]\]/.test(lastUserText(req)), reply: (req) => ({ content: `Echo: ${lastUserText(req)}`, chunkSize: 8 }) },
];

/** A greeting for smoke tests; last, so it never shadows a scenario. */
const greetingRules: MockRule[] = [
  { name: 'hello', match: { lastUserContains: 'hello' }, reply: { content: 'Hello! I am the Switchyard mock model.', chunkSize: 6 } },
];

/** An LLM router: picks the first label named in the input (else the first label), in the engine's two-line format. */
const routerRules: MockRule[] = [
  {
    name: 'router',
    match: (req) => /Choose exactly one of these labels:/i.test(lastUserText(req)),
    reply: (req) => {
      const text = lastUserText(req);
      const labels = (/Choose exactly one of these labels:\s*([^\n]*?)\.?\n/i.exec(text)?.[1] ?? '').split(',').map((l) => l.trim()).filter(Boolean);
      const input = (text.split(/\nInput:\n/)[1] ?? text).toLowerCase();
      const label = labels.find((l) => input.includes(l.toLowerCase())) ?? labels[0] ?? 'none';
      return { content: `Label: ${label}\nReason: the input mentions ${label}.` };
    },
  },
];

export const BUILTIN_RULES: MockRule[] = [
  ...guardJudgeRules,
  ...markerRules,
  ...routerRules,
  ...docsQaRules,
  ...mrklRules,
  ...supervisorRules,
  ...planExecuteRules,
  ...writerReviewerRules,
  ...greetingRules,
];

export const BUILTIN_SEARCH: SearchFixture[] = [...MRKL_SEARCH];
