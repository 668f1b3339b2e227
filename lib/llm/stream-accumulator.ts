/**
 * Folds streamed `chat.completion.chunk` objects into one assistant message.
 * Pure: no I/O. Tolerates the variations of OpenAI-compatible servers: tool-call deltas keyed by
 * `index` (or only by `id`), arguments whole or in fragments, the name in the first fragment only,
 * usage in a final chunk with no choices.
 */
import type { ChatMessage, TokenUsage, ToolCall } from '../engine/ports';

/** The subset of a chunk we read; typed loosely because compatible servers differ. */
export interface StreamChunk {
  model?: string | null;
  choices?: Array<{
    index?: number;
    delta?: {
      content?: string | null;
      tool_calls?: Array<{
        index?: number;
        id?: string | null;
        type?: string | null;
        function?: { name?: string | null; arguments?: string | null } | null;
      }> | null;
    } | null;
    finish_reason?: string | null;
  }> | null;
  usage?: Partial<TokenUsage> | null;
}

interface PartialCall {
  index: number;
  id: string;
  name: string;
  arguments: string;
}

export type AssistantMessage = Extract<ChatMessage, { role: 'assistant' }>;

export class StreamAccumulator {
  private content = '';
  private calls: PartialCall[] = [];
  private finishReason: string | null = null;
  private usage: TokenUsage | null = null;
  private model = '';
  private chunks = 0;

  /** Adds one chunk; returns the content delta it carried ('' if none). */
  push(chunk: StreamChunk): string {
    this.chunks++;
    if (chunk.model && !this.model) this.model = chunk.model;
    if (chunk.usage) this.usage = normalizeUsage(chunk.usage);
    let text = '';
    for (const choice of chunk.choices ?? []) {
      if ((choice.index ?? 0) !== 0) continue; // n > 1 is never requested
      const delta = choice.delta;
      if (delta?.content) {
        text += delta.content;
        this.content += delta.content;
      }
      for (const tc of delta?.tool_calls ?? []) this.pushToolCall(tc);
      if (choice.finish_reason) this.finishReason = choice.finish_reason;
    }
    return text;
  }

  private pushToolCall(tc: NonNullable<NonNullable<NonNullable<StreamChunk['choices']>[number]['delta']>['tool_calls']>[number]): void {
    const call = this.findCall(tc.index, tc.id ?? undefined);
    if (tc.id && !call.id) call.id = tc.id;
    const name = tc.function?.name;
    // Some servers repeat the full name in every fragment; OpenAI sends it once.
    if (name && call.name !== name) call.name = call.name && !name.startsWith(call.name) ? call.name + name : name;
    if (tc.function?.arguments) call.arguments += tc.function.arguments;
  }

  private findCall(index: number | undefined, id: string | undefined): PartialCall {
    let call: PartialCall | undefined;
    if (index !== undefined && index !== null) call = this.calls.find((c) => c.index === index);
    else if (id) call = this.calls.find((c) => c.id === id);
    else call = this.calls[this.calls.length - 1];
    if (!call) {
      call = { index: index ?? this.calls.length, id: id ?? '', name: '', arguments: '' };
      this.calls.push(call);
    }
    return call;
  }

  get chunkCount(): number {
    return this.chunks;
  }

  result(fallbackModel: string): { message: AssistantMessage; finish_reason: string | null; usage: TokenUsage; model: string } {
    const toolCalls: ToolCall[] = [...this.calls]
      .sort((a, b) => a.index - b.index)
      .map((c, i) => ({
        id: c.id || `call_${i}`,
        type: 'function' as const,
        function: { name: c.name, arguments: c.arguments },
      }));
    const message: AssistantMessage = toolCalls.length
      ? { role: 'assistant', content: this.content === '' ? null : this.content, tool_calls: toolCalls }
      : { role: 'assistant', content: this.content };
    return {
      message,
      finish_reason: this.finishReason,
      usage: this.usage ?? { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
      model: this.model || fallbackModel,
    };
  }
}

function normalizeUsage(u: Partial<TokenUsage>): TokenUsage {
  const prompt = num(u.prompt_tokens);
  const completion = num(u.completion_tokens);
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: num(u.total_tokens) || prompt + completion };
}

function num(v: unknown): number {
  return typeof v === 'number' && Number.isFinite(v) ? v : 0;
}
