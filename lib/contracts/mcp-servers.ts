/**
 * MCP server contracts (/api/mcp-servers). Servers reached by URL (streamable HTTP or SSE) are saved
 * from Settings; stdio servers come only from the server's config (SWITCHYARD_MCP_STDIO) and are
 * listed read-only. Header values are write-only: responses carry only their names.
 */
import { z } from 'zod';
import { HeadersField, HeadersPatchField, HttpUrl, ResourceName } from './http-fields';

export const McpServerNameField = ResourceName;

export const MCP_HTTP_TRANSPORTS = ['http', 'sse'] as const;
export type McpHttpTransport = (typeof MCP_HTTP_TRANSPORTS)[number];

export const CreateMcpServerBody = z.strictObject({
  name: McpServerNameField,
  /** `http`: streamable HTTP (the default); `sse`: the older HTTP+SSE transport. */
  transport: z.enum(MCP_HTTP_TRANSPORTS).optional(),
  url: HttpUrl,
  headers: HeadersField.optional(),
  /** The one workspace that may use it (its id); absent or null: instance-wide. */
  workspace: z.string().trim().min(1).max(200).nullable().optional(),
});
export type CreateMcpServerBody = z.infer<typeof CreateMcpServerBody>;

/** PUT: a patch; absent fields are kept; per header, a string sets it and null removes it. */
export const UpdateMcpServerBody = z.strictObject({
  transport: z.enum(MCP_HTTP_TRANSPORTS).optional(),
  url: HttpUrl.optional(),
  headers: HeadersPatchField.optional(),
});
export type UpdateMcpServerBody = z.infer<typeof UpdateMcpServerBody>;

export const McpServerView = z.object({
  name: z.string(),
  /** The one workspace that may use it; null: instance-wide (stdio servers always are). */
  workspace: z.string().nullable().optional(),
  transport: z.enum(['http', 'sse', 'stdio']),
  /** The URL (http, sse) or the command line (stdio). */
  url: z.string().nullable(),
  command: z.string().nullable(),
  header_names: z.array(z.string()),
  /** `db`: saved in Settings; `config`: from SWITCHYARD_MCP_STDIO (read-only). */
  source: z.enum(['db', 'config']),
  read_only: z.boolean(),
  created_at: z.string().nullable(),
});
export type McpServerView = z.infer<typeof McpServerView>;

export const McpServerList = z.object({ servers: z.array(McpServerView) });
export type McpServerList = z.infer<typeof McpServerList>;

/** POST /api/mcp-servers/:name/test: the server's tools, or why it could not be listed. */
export const McpServerTestResult = z.object({
  ok: z.boolean(),
  latency_ms: z.number(),
  tools: z.array(z.object({ name: z.string(), description: z.string().nullable() })),
  error: z.object({ code: z.string(), message: z.string() }).optional(),
});
export type McpServerTestResult = z.infer<typeof McpServerTestResult>;
