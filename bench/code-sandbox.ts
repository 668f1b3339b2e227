/**
 * The code tool's sandboxes (lib/tools/code/): what a cold start costs (a worker booting QuickJS or
 * Pyodide) against a call on the warm worker, for each language, measured in the same run.
 *   npx tsx bench/code-sandbox.ts
 */
import { runCodeTool } from '@/lib/tools/code/code-tool';
import { closeSandboxPools, sandboxPool } from '@/lib/tools/code/pool';
import type { CodeLanguage } from '@/lib/graph/schema';

const CODE: Record<CodeLanguage, string> = { javascript: '[1, 2, 3, 4].reduce((a, b) => a + b, 0)', python: 'sum(range(10))' };
const WARM_CALLS = 20;

async function main(): Promise<void> {
  for (const language of ['javascript', 'python'] as const) {
    const t0 = performance.now();
    await sandboxPool(language).warm();
    const boot = performance.now() - t0;
    const times: number[] = [];
    for (let i = 0; i < WARM_CALLS; i++) {
      const t = performance.now();
      await runCodeTool({ type: 'code', language, code: CODE[language] }, {}, { signal: new AbortController().signal });
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    console.log(`${language.padEnd(10)} boot ${boot.toFixed(0).padStart(6)} ms   warm call median ${median.toFixed(1).padStart(6)} ms   (boot = ${(boot / median).toFixed(0)} warm calls)`);
  }
  await closeSandboxPools();
}

void main();
