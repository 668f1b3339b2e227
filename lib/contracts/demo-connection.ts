/** The built-in demo connection (zod-free: the editor's first load names it; re-exported by ./runs.ts). */

/** The built-in demo connection: scripted replies of the example graphs, no network, no key (lib/llm/demo). */
export const DEMO_CONNECTION = 'demo';
/** How the demo connection is always labelled, wherever it is offered or shown. */
export const DEMO_CONNECTION_LABEL = 'Demo model — scripted replies, not a language model';
