/**
 * The mock OpenAI-compatible server as a process (used by playwright.config.ts):
 *   MOCK_OPENAI_PORT (default 3901)   port on 127.0.0.1
 *   MOCK_OPENAI_SCRIPT=path.json      optional declarative rules ({ rules: [...] }) put before the built-ins
 * Built-in scenarios: lib/llm/testing/scenarios.ts. At runtime: POST /__mock/script, /__mock/reset.
 */
import { readFileSync } from 'node:fs';
import { startMockOpenAI } from './mock-openai-server';
import { MockScriptSchema, type MockRule } from './mock-types';
import { BUILTIN_RULES, BUILTIN_SEARCH } from './scenarios';

function loadScript(path: string | undefined): MockRule[] {
  if (!path) return [];
  const parsed = MockScriptSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (!parsed.success) throw new Error(`mock script ${path} is invalid: ${parsed.error.message}`);
  return parsed.data.rules;
}

const port = Number(process.env.MOCK_OPENAI_PORT ?? 3901);
const mock = await startMockOpenAI({
  port,
  rules: [...loadScript(process.env.MOCK_OPENAI_SCRIPT), ...BUILTIN_RULES],
  search: BUILTIN_SEARCH,
});
console.log(`mock OpenAI server listening on ${mock.url}`);

const stop = () => void mock.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
