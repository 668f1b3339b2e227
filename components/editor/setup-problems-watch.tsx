'use client';
/**
 * Mounts ./use-setup-problems.ts (the connections and model lists it fetches, the run panel's words
 * it reuses): the editor shell loads this module after its first paint, not in its first-load JS.
 */
import { useSetupProblems } from './use-setup-problems';

export function SetupProblems() {
  useSetupProblems();
  return null;
}
