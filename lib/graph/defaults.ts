/** Defaults the engine applies at run time. The document itself never stores them. */
import type { AgentStrategy, ChannelType, StateChannel } from './schema';

export const DEFAULTS = {
  strategy: 'tool_calling' as AgentStrategy,
  model: 'default',
  max_steps: 8,
  max_revisions: 2,
  recursion_limit: 25,
  timeout_s: 300,
  /** An http tool's `timeout_s` when its spec gives none (one request, redirects included). */
  http_timeout_s: 30,
  final_answer_pattern: String.raw`Final Answer\s*:\s*([\s\S]*)`,
  action_pattern: String.raw`Action\s*:\s*([\w-]+)\s*Action\s*Input\s*:\s*([\s\S]*?)\s*$`,
} as const;

/** Channels every run has, declared or not. */
export const IMPLICIT_CHANNELS: Record<string, StateChannel> = {
  input: { type: 'string' },
  messages: { type: 'messages' },
};

export function defaultReducer(type: ChannelType): 'append' | 'replace' {
  return type === 'messages' || type === 'list' ? 'append' : 'replace';
}
