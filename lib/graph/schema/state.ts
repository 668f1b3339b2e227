/** `state:` — the channels of the graph's state and their reducers. */
import { z } from 'zod';
import { CHANNEL_TYPES } from '../constants';
import { Text } from './common';

export const StateChannel = z.strictObject({
  type: z.enum(CHANNEL_TYPES),
  /** `append` for messages and lists by default, `replace` (last value wins) otherwise. */
  reducer: z.enum(['append', 'replace', 'merge']).optional(),
  default: z.unknown().optional(),
  description: Text.optional(),
});
export type StateChannel = z.infer<typeof StateChannel>;
