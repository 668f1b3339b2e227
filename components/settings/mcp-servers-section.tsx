'use client';
/**
 * Settings › MCP servers: servers whose tools graphs offer to agents (`type: mcp, server: NAME`).
 * Streamable HTTP or SSE by URL are saved here (header values write-only); stdio servers come only
 * from the server's config (SWITCHYARD_MCP_STDIO) and are listed read-only. Test lists the tools.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import type { McpServerTestResult, McpServerView } from '@/lib/contracts/mcp-servers';
import { createMcpServer, deleteMcpServer, fetchMcpServers, testMcpServer } from './mcp-servers-api';
import { InlineForm } from './inline-form';
import { SettingsTable } from './settings-table';
import s from './settings.module.css';

const MCP_KEY = ['mcp-servers'] as const;

function TestResult({ result }: { result: McpServerTestResult }) {
  if (!result.ok) return <span className={s.testFail} role="alert" data-testid="mcp-test-result">{result.error?.message ?? 'failed'}</span>;
  return (
    <span className={s.testOk} data-testid="mcp-test-result">
      {result.tools.length} tool{result.tools.length === 1 ? '' : 's'}: {result.tools.map((t) => t.name).join(', ') || 'none'}
    </span>
  );
}

function ServerRow({ server }: { server: McpServerView }) {
  const qc = useQueryClient();
  const toast = useToast();
  const test = useMutation({ mutationFn: () => testMcpServer(server.name) });
  const remove = useMutation({
    mutationFn: () => deleteMcpServer(server.name),
    onSuccess: () => void qc.invalidateQueries({ queryKey: MCP_KEY }),
    onError: (err: Error) => toast({ message: err.message, tone: 'error' }),
  });
  return (
    <tr data-testid="mcp-server-row" data-name={server.name}>
      <td className={s.name}>{server.name}</td>
      <td>{server.transport}</td>
      <td className={s.url}>{server.url ?? server.command}</td>
      <td>{server.header_names.join(', ') || <span className={s.none}>none</span>}</td>
      <td className={s.colActions}>
        <Button size="sm" variant="ghost" busy={test.isPending} onClick={() => test.mutate()} data-testid="test-mcp-server">
          Test
        </Button>
        {server.read_only ? null : (
          <Button size="sm" variant="ghost-danger" busy={remove.isPending} onClick={() => remove.mutate()} data-testid="delete-mcp-server">
            Delete
          </Button>
        )}
        {test.data ? <TestResult result={test.data} /> : null}
        {test.isError ? <span className={s.testFail} role="alert">{(test.error as Error).message}</span> : null}
      </td>
    </tr>
  );
}

export function McpServersSection() {
  const qc = useQueryClient();
  const list = useQuery({ queryKey: MCP_KEY, queryFn: ({ signal }) => fetchMcpServers(signal) });
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [transport, setTransport] = useState<'http' | 'sse'>('http');
  const [header, setHeader] = useState('');
  const [value, setValue] = useState('');
  const create = useMutation({
    mutationFn: () => createMcpServer({ name: name.trim(), url: url.trim(), transport, ...(header.trim() ? { headers: { [header.trim()]: value } } : {}) }),
    onSuccess: () => {
      setName('');
      setUrl('');
      setHeader('');
      setValue('');
      void qc.invalidateQueries({ queryKey: MCP_KEY });
    },
  });
  const servers = list.data?.servers ?? [];
  return (
    <section data-testid="mcp-servers-section">
      <h2 className={s.sectionTitle}>MCP servers</h2>
      <p className={s.subtitle}>
        Tools from MCP servers: a graph offers them with <code>type: mcp, server: name, tools: [...]</code>. Header values (tokens) are write-only. stdio servers
        come only from <code>SWITCHYARD_MCP_STDIO</code> on the server. Private addresses need <code>SWITCHYARD_ALLOWED_HOSTS</code>.
      </p>
      {servers.length ? (
        <SettingsTable
          testId="mcp-server-list"
          columns={
            <>
              <th>Name</th>
              <th>Transport</th>
              <th>URL or command</th>
              <th>Headers</th>
            </>
          }
        >
          {servers.map((srv) => (
            <ServerRow key={srv.name} server={srv} />
          ))}
        </SettingsTable>
      ) : null}
      <InlineForm
        onSubmit={() => create.mutate()}
        busy={create.isPending}
        error={create.error}
        submitLabel="Add MCP server"
        submitTestId="add-mcp-server"
      >
        <input required maxLength={64} placeholder="Name" aria-label="MCP server name" value={name} onChange={(e) => setName(e.target.value)} data-testid="mcp-name" />
        <input required type="url" placeholder="https://host/mcp" aria-label="MCP server URL" value={url} onChange={(e) => setUrl(e.target.value)} data-testid="mcp-url" />
        <select aria-label="Transport" value={transport} onChange={(e) => setTransport(e.target.value as 'http' | 'sse')} data-testid="mcp-transport">
          <option value="http">streamable HTTP</option>
          <option value="sse">SSE</option>
        </select>
        <input placeholder="Header (optional)" aria-label="Header name" value={header} onChange={(e) => setHeader(e.target.value)} />
        <input type="password" placeholder="Header value" aria-label="Header value" value={value} onChange={(e) => setValue(e.target.value)} autoComplete="off" />
      </InlineForm>
    </section>
  );
}
