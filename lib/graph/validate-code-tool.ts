/** Checks of a `code` tool before a run (lib/graph/schema/code-tool.ts; the sandbox: lib/tools/code/). */
import type { Problem } from './problems';
import type { ToolOf } from './tool-types';
import { problem } from './validate-problem';

/** Does `code` define `name` as a function (python `def name(` / `async def`, javascript `function name(` or `name = (...) =>`)? */
function definesFunction(language: string, code: string, name: string): boolean {
  const n = name.replace(/[$]/g, '\\$');
  const pattern = language === 'python' ? `^\\s*(?:async\\s+)?def\\s+${n}\\s*\\(` : `(?:function\\s*\\*?\\s*${n}\\s*\\(|\\b${n}\\s*=)`;
  return new RegExp(pattern, 'm').test(code);
}

export function checkCodeTool(out: Problem[], id: string, tool: ToolOf<'code'>): void {
  if (tool.function !== undefined && !definesFunction(tool.language, tool.code, tool.function)) {
    out.push(problem('error', 'code_function_missing', ['tools', id, 'function'], `the code does not define function "${tool.function}"`));
  }
  const type = tool.parameters?.type;
  if (tool.parameters !== undefined && type !== undefined && type !== 'object') {
    out.push(problem('error', 'code_parameters_not_object', ['tools', id, 'parameters', 'type'], 'parameters must be a JSON Schema of type object (the arguments are one object)'));
  }
}
