/**
 * A fork's edited state is checked against the graph's state channels before anything runs, the
 * same check as a state edited at a pause (lib/engine/resume.ts checkStateEdit, over
 * lib/graph/state-check.ts): AppError('invalid_state') naming the first bad path.
 */
export { checkStateEdit as checkForkState } from '@/lib/engine/resume';
