/**
 * The demo model's scripts: one scripted conversation per example input, taken from the graph
 * test files (`examples/<graph>.test.yaml`, and `examples/demo/<graph>.yaml` in the same format for
 * graphs without tests), so the scripted replies have one home. Pure.
 */
import type { GraphTestFile, ScriptedReply, ToolStub } from '@/lib/graph/test-schema';

export interface DemoScript {
  /** The run input this conversation answers (compared trimmed). */
  input: string;
  /** Per node id: its model replies, in order. */
  replies: Record<string, readonly ScriptedReply[]>;
  /** Per tool name: the scripted observation (demo runs make no network calls). */
  tools: Record<string, ToolStub>;
}

/** The tests of a test file that script a conversation (an input and replies) as demo scripts. */
export function scriptsOf(file: GraphTestFile): DemoScript[] {
  return file.tests
    .filter((t) => t.input !== undefined && t.replies && Object.keys(t.replies).length > 0)
    .map((t) => ({ input: t.input!, replies: t.replies!, tools: t.tools ?? {} }));
}

/** The script answering `input` (exactly, ignoring surrounding space), or null. */
export function scriptFor(scripts: readonly DemoScript[], input: string): DemoScript | null {
  const want = input.trim();
  return scripts.find((s) => s.input.trim() === want) ?? null;
}

/** A copy of an example imported under a free name (`mrkl-agent-2`) plays the example's script. */
export function scriptGraphNames(graphName: string): string[] {
  const base = graphName.replace(/-\d+$/, '');
  return base !== graphName ? [graphName, base] : [graphName];
}
