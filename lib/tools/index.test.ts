import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { capOutput, createToolPort } from './index';
import { TOOL_REGISTRY } from './registry';
import { startLocalServer } from './testing/local-server';

const signal = () => new AbortController().signal;

describe('tool port', () => {
  it('defines each tool as an OpenAI function', () => {
    const port = createToolPort();
    expect(port.definition('calc', { type: 'calculator' }).function).toMatchObject({ name: 'calc', parameters: { required: ['expression'] } });
    expect(port.definition('search', { type: 'web_search', provider: 'serper' }).function.parameters).toMatchObject({ required: ['query'] });
    const kb = port.definition('kb', { type: 'http', url: 'https://kb.example/{topic}', description: 'Search the KB.' }).function;
    expect(kb).toEqual({ name: 'kb', description: 'Search the KB.', parameters: { type: 'object', properties: { topic: { type: 'string' } }, required: ['topic'] } });
    expect(Object.keys(TOOL_REGISTRY)).toEqual(expect.arrayContaining(['calculator', 'http', 'web_search', 'web_retriever', 'document_sampler']));
  });

  it('runs the calculator with the seed expression, from an object or a react Action Input string', async () => {
    const port = createToolPort();
    expect(await port.run('calc', { type: 'calculator' }, { expression: '47^0.23' }, { signal: signal() })).toEqual({ output: '2.4242784855673896' });
    expect((await port.run('calc', { type: 'calculator' }, '47^0.23', { signal: signal() })).output).toBe('2.4242784855673896');
  });

  it('turns every failure into a tool_error, keeping the original code', async () => {
    const port = createToolPort({ allowedHosts: [] });
    const calc = await port.run('calc', { type: 'calculator' }, { expression: '1/0' }, { signal: signal() }).catch((e: AppError) => e);
    expect((calc as AppError).code).toBe('tool_error');
    const ssrf = await port.run('kb', { type: 'http', url: 'http://127.0.0.1:1/' }, {}, { signal: signal() }).catch((e: AppError) => e);
    expect((ssrf as AppError).code).toBe('tool_error');
    expect((ssrf as AppError).details).toMatchObject({ code: 'ssrf_blocked', tool: 'kb' });
    expect(() => port.definition('w', { type: 'agent', node: 'worker' })).toThrow(/agent tool/);
  });

  it('truncates a 10 MB output for the model and records its size', () => {
    const big = 'y'.repeat(10 * 1024 * 1024);
    const r = capOutput(big, 64 * 1024);
    expect(r.truncated).toBe(true);
    expect(r.original_bytes).toBe(10 * 1024 * 1024);
    expect(r.output.startsWith('y'.repeat(64 * 1024))).toBe(true);
    expect(r.output).toContain('[output truncated: 10485760 bytes in total, the first 65536 shown]');
    expect(Buffer.byteLength(r.output)).toBeLessThan(64 * 1024 + 200);
  });

  it('a 10 MB HTTP answer reaches the model as 64 KiB with its original size recorded', async () => {
    const srv = await startLocalServer();
    try {
      const port = createToolPort({ allowedHosts: ['127.0.0.1'], maxResponseBytes: 20 * 1024 * 1024 });
      const r = await port.run('dump', { type: 'http', url: `${srv.origin}/big?bytes=${10 * 1024 * 1024}` }, {}, { signal: signal() });
      expect(r.truncated).toBe(true);
      expect(r.original_bytes).toBe(10 * 1024 * 1024);
      expect(Buffer.byteLength(r.output)).toBeLessThan(64 * 1024 + 200);
    } finally {
      await srv.close();
    }
  });

  it('never cuts a multi-byte character in half', () => {
    const r = capOutput('é'.repeat(10), 5);
    expect(r.output.startsWith('éé\n')).toBe(true);
    expect(r.original_bytes).toBe(20);
  });

  it('leaves a short output alone', () => {
    expect(capOutput('ok', 10)).toEqual({ output: 'ok' });
  });
});
