/**
 * The `a2a` tool: a remote A2A agent (v1.0, or v0.3) called as a tool. `card_url` is the agent's card
 * (for a Switchyard graph: https://host/api/a2a/<graph>/agent-card.json); a call sends the model's
 * `message` and the tool's result is the agent's answer. Card, calls and stream go through the
 * SSRF-guarded client. `headers` authenticate (values as `${env:TOOL_*}` references, tool-headers.ts).
 */
import { z } from 'zod';
import { Text } from './common';

export const A2aTool = z.strictObject({
  type: z.literal('a2a'),
  description: Text.optional(),
  /** The agent card's URL (http or https). */
  card_url: z.string().min(1).max(2000).regex(/^https?:\/\//i, 'must be an http(s) URL of the agent card'),
  /** Sent with every request to the agent (the card, the calls): `Authorization: Bearer ${env:TOOL_AGENT_KEY}`. */
  headers: z.record(z.string(), z.string().max(2000)).optional(),
  /** Cap on one call, the remote task's whole stream included (default 120 s). */
  timeout_s: z.number().min(0.1).max(600).optional(),
  reflect: z.number().int().min(0).max(5).optional(),
});
