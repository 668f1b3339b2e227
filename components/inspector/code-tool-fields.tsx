'use client';
/** The inspector's fields of a `code` tool (issue 26): language, the code, the function, limits. */
import type { ToolSpec } from '@/lib/graph/schema';
import { Field, NumberInput, Select, TextInput } from './controls';

type CodeSpec = Extract<ToolSpec, { type: 'code' }>;
/** CODE_LANGUAGES of the schema, kept here so the page loads no zod. */
const LANGUAGES: CodeSpec['language'][] = ['javascript', 'python'];

export function CodeToolFields({ tool, patch }: { tool: CodeSpec; patch(p: Record<string, unknown>): void }) {
  return (
    <>
      <Field label="Language" hint="runs in a sandbox">
        <Select value={tool.language} options={LANGUAGES} onChange={(l) => l && patch({ language: l })} testId="code-tool-language" />
      </Field>
      <Field label="Code" hint="args in; the last expression is the result">
        <TextInput value={tool.code} onChange={(v) => patch({ code: v })} multiline mono rows={8} testId="code-tool-code" />
      </Field>
      <Field label="Function" hint="call it with the arguments instead">
        <TextInput value={tool.function ?? ''} onChange={(v) => patch({ function: v || undefined })} mono />
      </Field>
      <Field label="Timeout (s)" hint="default 5, at most 60">
        <NumberInput value={tool.timeout_s} step={0.5} onChange={(v) => patch({ timeout_s: v })} />
      </Field>
      <Field label="Memory (MiB)" hint="default 64 (JS) / 256 (Python)">
        <NumberInput value={tool.memory_mb} onChange={(v) => patch({ memory_mb: v })} />
      </Field>
    </>
  );
}
