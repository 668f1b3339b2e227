/**
 * The tool port as a run sees it, with what comes back redacted (lib/tools/redact.ts): a tool's
 * result and its error (a server that echoes the tool's credential header, an MCP server quoting
 * its token) reach the engine — the model's next messages, the checkpoints, the call journal and
 * the trace — with every known secret masked.
 */
import type { ToolPort } from '@/lib/engine/ports';
import { redactError, redactValue } from '@/lib/tools/redact';

export function redactingTools(tools: ToolPort): ToolPort {
  const port: ToolPort = {
    definition: (name, spec) => tools.definition(name, spec),
    async run(name, spec, args, ctx) {
      try {
        return redactValue(await tools.run(name, spec, args, ctx));
      } catch (err) {
        throw redactError(err);
      }
    },
  };
  if (tools.functions) port.functions = tools.functions.bind(tools);
  return port;
}
