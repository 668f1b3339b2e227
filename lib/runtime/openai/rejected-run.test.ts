import { describe, expect, it } from 'vitest';
import type { RunRow } from '@/db/runs';
import type { ThreadRunRow } from '@/db/threads';
import { runObject } from './assistant-objects';
import { runReply } from './run-reply';

const at = new Date('2025-01-02T03:04:05Z');
const rejected = {
  id: 'run-1',
  graphName: 'approval',
  status: 'rejected',
  output: null,
  error: { code: 'rejected', message: 'Rejected at "approve": not yet' },
  usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 },
  createdAt: at,
  startedAt: at,
  finishedAt: at,
} as unknown as RunRow;

describe('a rejected run through the OpenAI API', () => {
  it('chat completions: the answer says the request was rejected, with the reason', async () => {
    expect(await runReply(rejected)).toEqual({ text: 'The request was rejected. Rejected at "approve": not yet', usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 } });
  });

  it('assistants: the run is failed with last_error naming the rejection', () => {
    const link = { threadId: 't', assistantId: 'a', instructions: null, metadata: null } as unknown as ThreadRunRow;
    expect(runObject(link, rejected, undefined)).toMatchObject({
      status: 'failed',
      last_error: { code: 'server_error', message: 'rejected: Rejected at "approve": not yet' },
      failed_at: at.getTime() / 1000,
      completed_at: null,
      required_action: null,
    });
  });
});
