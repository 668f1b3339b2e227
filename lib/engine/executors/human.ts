/**
 * The human role: pauses the run (interrupt kind 'human') showing `show` (CEL) or the last message.
 * Resumed with approve → output 'approved'; reject → 'rejected' (a reason is added to the
 * conversation as a user message, so an agent downstream sees it); edit → the edited value goes
 * to the output channel, or replaces the content of the last message when there is none.
 */
import type { NodeOf } from '../../graph/schema';
import { InterruptRequest } from '../errors';
import type { ChatMessage } from '../ports';
import type { ExecContext, NodeResult } from '../scope';
import { lastContent, messagesOf } from '../state';
import { outputText } from '../tool-runner';
import { evalNodeCel } from './common';

export async function runHuman(node: NodeOf<'human'>, ctx: ExecContext): Promise<NodeResult> {
  const resume = ctx.resume;
  if (!resume) {
    throw new InterruptRequest({
      kind: 'human',
      node: ctx.nodeId,
      prompt: node.prompt,
      value: node.show ? evalNodeCel(ctx, 'show', node.show) : lastContent(ctx.state),
      human_kind: node.kind ?? 'approval',
    });
  }
  const out = (value: unknown, more: Record<string, unknown> = {}): NodeResult => ({
    update: { ...more, ...(node.output ? { [node.output]: value } : {}) },
    output: value,
  });
  switch (resume.action) {
    case 'approve':
      return out('approved');
    case 'reject': {
      const reason = resume.reason?.trim();
      return out('rejected', reason ? { messages: [{ role: 'user', content: `Rejected: ${reason}` }] } : {});
    }
    case 'edit': {
      if (node.output) return out(resume.value);
      const msgs = messagesOf(ctx.state);
      const text = outputText(resume.value);
      const last = msgs[msgs.length - 1];
      const replaced: ChatMessage[] = last
        ? [...msgs.slice(0, -1), { ...last, content: text } as ChatMessage]
        : [{ role: 'user', content: text }];
      return { update: {}, overwrite: { messages: replaced }, output: resume.value };
    }
    default:
      // checkResume (resume.ts) only lets human actions through.
      throw new Error(`unexpected resume action ${resume.action}`);
  }
}
