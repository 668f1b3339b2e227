import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setEnv } from '@/lib/testing/env';
import { closeDb, getDb } from './client';
import { rotateSecretKey } from './maintenance';
import { getMcpServer, insertMcpServer, listMcpServers, updateMcpServer } from './mcp-servers';
import { keyFromText, newKeyText, open } from './secret-box';

let dir = '';
let dbFile = '';
let restoreEnv: () => void;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'switchyard-mcp-'));
  dbFile = path.join(dir, 'data', 'app.db');
  restoreEnv = setEnv({ SWITCHYARD_DB: dbFile, SWITCHYARD_SECRET_KEY: undefined });
});
afterEach(async () => {
  closeDb();
  restoreEnv();
  rmSync(dir, { recursive: true, force: true });
});

const rawHeaders = (name: string) => (getDb().$client.prepare('select headers from mcp_servers where name = ?').get(name) as { headers: string | null }).headers;

describe('MCP server headers at rest', () => {
  it('are sealed like connection secrets, read back in plain, patched per header', () => {
    insertMcpServer({ name: 'calc', transport: 'http', url: 'https://mcp.example.org/mcp', headers: { Authorization: 'Bearer mcp-secret' } });
    expect(rawHeaders('calc')).not.toContain('mcp-secret');
    expect(JSON.parse(rawHeaders('calc')!).Authorization).toMatch(/^enc:v1:/);
    expect(getMcpServer('calc')).toMatchObject({ headers: { Authorization: 'Bearer mcp-secret' } });
    expect(updateMcpServer('calc', { headers: { 'X-Team': 't-1' } })).toMatchObject({ headers: { Authorization: 'Bearer mcp-secret', 'X-Team': 't-1' } });
    expect(updateMcpServer('calc', { headers: { Authorization: null } })!.headers).toEqual({ 'X-Team': 't-1' });
    expect(listMcpServers().map((s) => s.name)).toEqual(['calc']);
    expect(insertMcpServer({ name: 'calc', transport: 'sse', url: 'https://x/sse' })).toBeUndefined();
  });

  it('are re-encrypted by key rotation', async () => {
    insertMcpServer({ name: 'calc', transport: 'http', url: 'https://mcp.example.org/mcp', headers: { Authorization: 'Bearer mcp-secret' } });
    closeDb();
    const next = newKeyText();
    expect((await rotateSecretKey(dbFile, next)).rows).toBe(1);
    expect(open(JSON.parse(rawHeaders('calc')!).Authorization, keyFromText(next))).toBe('Bearer mcp-secret');
    expect(getMcpServer('calc')!.headers).toEqual({ Authorization: 'Bearer mcp-secret' });
  });
});
