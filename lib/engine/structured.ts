/**
 * Structured output (a node's `output_schema`). Where the node's connection supports it
 * (ModelSupports.json_schema, absent: true), the schema goes with each model call as
 * `response_format: json_schema`; otherwise the prompt asks for JSON matching it. Either way the
 * final reply is parsed and validated (json-validate.ts, every result an `output.validated` event);
 * a reply that does not match gets one repair retry (the errors are told to the model), then the
 * node fails with `output_invalid`. The parsed object is the node's output (its `output` channel).
 */
import { EngineError, excerpt } from './errors';
import { parseJsonReply, schemaErrors } from './json-validate';
import { chat, resolveModel, type ChatCall } from './llm';
import type { ChatMessage, ResponseFormat } from './ports';
import { emitFrom, type ExecContext } from './scope';

export interface Structured {
  mode: 'response_format' | 'instructed';
  /** Sent with the node's model calls (response_format mode). */
  responseFormat?: ResponseFormat;
  /** The node's messages, with the schema asked for in the system prompt (instructed mode). */
  prepare(messages: ChatMessage[]): ChatMessage[];
  /**
   * The parsed, valid object of the final reply `text` (`messages`: the conversation that led to
   * it, without it); one repair call when it does not match. Throws `output_invalid` after that.
   */
  finish(text: string, messages: ChatMessage[], call?: Partial<ChatCall>): Promise<{ text: string; value: unknown }>;
}

/** A response_format name: the node id in the characters OpenAI accepts. */
const formatName = (id: string) => id.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64) || 'output';

export function schemaInstruction(schema: Record<string, unknown>): string {
  return `Reply with only a JSON object that matches this JSON Schema (no prose, no code fences):\n${JSON.stringify(schema)}`;
}

function check(schema: Record<string, unknown>, text: string): { value?: unknown; errors: string[] } {
  const parsed = parseJsonReply(text);
  if (!parsed.ok) return { errors: [parsed.error] };
  const errors = schemaErrors(schema, parsed.value);
  return errors.length ? { errors } : { value: parsed.value, errors };
}

export async function structuredOutput(ctx: ExecContext, schema: Record<string, unknown>): Promise<Structured> {
  const connection = resolveModel(ctx).connection;
  const supports = (await ctx.scope.ports.model.supports?.(connection)) ?? {};
  const native = supports.json_schema !== false;
  const mode = native ? 'response_format' : 'instructed';
  const responseFormat: ResponseFormat | undefined = native ? { type: 'json_schema', json_schema: { name: formatName(ctx.nodeId), schema } } : undefined;
  const instruction = schemaInstruction(schema);
  const prepare = (messages: ChatMessage[]): ChatMessage[] => {
    if (native) return messages;
    const [first, ...rest] = messages;
    if (first?.role === 'system') return [{ role: 'system', content: `${first.content}\n\n${instruction}` }, ...rest];
    return [{ role: 'system', content: instruction }, ...messages];
  };
  return {
    mode,
    responseFormat,
    prepare,
    async finish(text, messages, call = {}) {
      const first = check(schema, text);
      emitFrom(ctx, 'output.validated', { mode, attempt: 1, valid: !first.errors.length, ...(first.errors.length ? { errors: first.errors } : {}) });
      if (!first.errors.length) return { text, value: first.value };
      const repair: ChatMessage[] = [
        ...prepare(messages),
        { role: 'assistant', content: text },
        { role: 'user', content: `Your reply does not match the required JSON Schema: ${first.errors.join('; ')}.\n${instruction}` },
      ];
      const res = await chat(ctx, { ...call, messages: repair, purpose: 'repair', ...(responseFormat ? { response_format: responseFormat } : {}) });
      const again = res.message.content ?? '';
      const second = check(schema, again);
      emitFrom(ctx, 'output.validated', { mode, attempt: 2, valid: !second.errors.length, ...(second.errors.length ? { errors: second.errors } : {}) });
      if (!second.errors.length) return { text: again, value: second.value };
      throw new EngineError(
        'output_invalid',
        `Node "${ctx.nodeId}": the model's reply does not match its output_schema, even after one repair retry (${second.errors.join('; ')}); reply was ${excerpt(again)}`,
      );
    },
  };
}
