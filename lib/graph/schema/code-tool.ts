/**
 * `type: code` (issue 26): JavaScript (QuickJS) or Python (Pyodide) run in a sandbox
 * (lib/tools/code/). The arguments are the global `args`; the value of the last expression (or, with
 * `function`, what that function returns when called with the arguments) is the result.
 */
import { z } from 'zod';
import { Identifier, Text } from './common';

export const CODE_LANGUAGES = ['javascript', 'python'] as const;
export type CodeLanguage = (typeof CODE_LANGUAGES)[number];

export const CodeTool = z.strictObject({
  type: z.literal('code'),
  description: Text.optional(),
  language: z.enum(CODE_LANGUAGES),
  code: z.string().min(1, 'must not be empty').max(200_000),
  /** Call this function of the code with the arguments (python: keyword arguments; javascript: one object). */
  function: Identifier.optional(),
  /** JSON Schema of the arguments the model supplies (default: any object). */
  parameters: z.record(z.string(), z.unknown()).optional(),
  /** Time limit of one call (default 5 s). */
  timeout_s: z.number().min(0.1).max(60).optional(),
  /** Memory cap of one call, in MiB (default 64 for javascript, 256 for python). */
  memory_mb: z.number().int().min(16).max(1024).optional(),
});
