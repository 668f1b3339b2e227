/**
 * The graph document: the `switchyard: 1` format. This zod schema is the truth;
 * the JSON Schema served at /api/schema is generated from it (lib/graph/json-schema.ts).
 *
 * The document keeps only what the author wrote: no defaults are filled in here,
 * so `stringify(parse(text))` is a fixed point. Defaults live in `defaults.ts`
 * and are applied by the engine at run time.
 *
 * One file per section of the document: common.ts (ids, names, CEL, text), models.ts, tools.ts,
 * state.ts, nodes.ts, edges.ts, limits.ts (limits and layout) and document.ts (the whole).
 */

// The zod-free constants are re-exported: server code keeps one import for the format.
export * from '../constants';

export { CelExpression, GraphName, Identifier } from './common';
export * from './models';
export * from './tools';
export * from './tool-knowledge';
export * from './state';
export * from './nodes';
export * from './edges';
export * from './guards';
export { Limits, Position } from './limits';
export * from './document';
export * from './code-tool';
export * from './map-node';
