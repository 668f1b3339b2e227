/** serve.ts as a process, the way Playwright starts it: built-in scenarios plus a JSON script file. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let child: ChildProcess;
let base = '';

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mock-script-'));
  const script = join(dir, 'script.json');
  writeFileSync(script, JSON.stringify({ rules: [{ name: 'from-file', match: { lastUserContains: 'hello' }, reply: { content: 'hi from the script file' } }] }));
  child = spawn(process.execPath, ['--import', 'tsx', 'lib/llm/testing/serve.ts'], {
    env: { ...process.env, MOCK_OPENAI_PORT: '0', MOCK_OPENAI_SCRIPT: script },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  base = await new Promise<string>((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/\S+)\/v1/.exec(out);
      if (m) resolve(m[1]);
    });
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code) => reject(new Error(`serve.ts exited with ${code}: ${err}`)));
  });
});

afterAll(() => {
  child?.kill('SIGTERM');
});

const ask = async (content: string) => {
  const res = await fetch(`${base}/v1/chat/completions`, { method: 'POST', body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content }] }) });
  return (await res.json()) as { choices?: Array<{ message: { content: string } }>; error?: { message: string } };
};

describe('serve.ts', () => {
  it('answers /health, puts the script file rules before the built-ins, and still serves the built-ins', async () => {
    expect(await (await fetch(`${base}/health`)).json()).toEqual({ ok: true });
    expect((await ask('hello')).choices?.[0].message.content).toBe('hi from the script file');
    expect((await ask('[[echo]] ping')).choices?.[0].message.content).toBe('Echo: [[echo]] ping');
    expect((await ask('nothing scripted')).error?.message).toContain('no rule matches');
  });
});
