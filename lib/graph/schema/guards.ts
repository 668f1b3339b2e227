/**
 * `guards:` (on agent-like nodes and on the whole graph) and `output_schema:` (structured output).
 *
 *   guards:
 *     input:
 *       - { check: pii, action: redact }                       # emails, phones, cards, IBANs, national ids
 *       - { check: injection, model: judge, threshold: 0.7 }   # an LLM judge with a fixed, versioned prompt
 *     output:
 *       - { check: moderation, categories: [violence], threshold: 0.5 }
 *       - { check: max_chars, max: 2000 }
 *       - { check: regex, pattern: "(?i)internal use only" }
 *       - { check: json_schema, schema: { type: object, required: [answer] } }
 *
 * `action`: `block` ends the step (the default of every check but pii), `redact` (pii only, its
 * default) masks what matched and goes on, `flag` records the verdict and goes on (`guard.failed`
 * in a conditional edge's CEL can route on it). Engine: lib/engine/guards/. Pure.
 */
import { z } from 'zod';
import { GUARD_CHECKS, PII_KINDS, type GuardCheckName } from '../constants';
import { Identifier } from './common';

export { GUARD_CHECKS, PII_KINDS, type GuardCheckName, type PiiKind } from '../constants';



const Score = z.number().min(0, 'must be between 0 and 1').max(1, 'must be between 0 and 1');
const BlockOrFlag = z.enum(['block', 'flag']);
/** A custom message the caller sees when the check blocks. */
const message = z.string().min(1).max(1000).optional();

/** A JSON Schema given in the YAML (checked by validation: lib/graph/validate-guards.ts). */
export const JsonSchemaValue = z.record(z.string(), z.unknown());

const PiiCheck = z.strictObject({
  check: z.literal('pii'),
  /** Which kinds to look for (default: all of PII_KINDS). */
  kinds: z.array(z.enum(PII_KINDS)).min(1).max(PII_KINDS.length).optional(),
  action: z.enum(['redact', 'block', 'flag']).optional(),
  message,
});

const ModerationCheck = z.strictObject({
  check: z.literal('moderation'),
  /** An entry of `models` whose connection answers /moderations (its `model` is sent); default: the node's model's connection. */
  model: Identifier.optional(),
  /** Only these categories count (default: every category the server reports). */
  categories: z.array(z.string().min(1).max(100)).min(1).max(50).optional(),
  /** A category whose score reaches this fails the check (default 0.5). */
  threshold: Score.optional(),
  action: BlockOrFlag.optional(),
  message,
});

const InjectionCheck = z.strictObject({
  check: z.literal('injection'),
  /** The entry of `models` the judge runs on. */
  model: Identifier,
  /** A score (0..1, the judge's) at or above this fails the check (default 0.5). */
  threshold: Score.optional(),
  action: BlockOrFlag.optional(),
  message,
});

const JsonSchemaCheck = z.strictObject({
  check: z.literal('json_schema'),
  schema: JsonSchemaValue,
  action: BlockOrFlag.optional(),
  message,
});

const MaxCharsCheck = z.strictObject({
  check: z.literal('max_chars'),
  max: z.number().int('must be a whole number').min(1).max(10_000_000),
  action: BlockOrFlag.optional(),
  message,
});

const RegexCheck = z.strictObject({
  check: z.literal('regex'),
  /** RE2 syntax (linear time). The check fails when it matches (or, with `must_match: true`, when it does not). */
  pattern: z.string().min(1).max(1000),
  must_match: z.boolean().optional(),
  action: z.enum(['block', 'flag', 'redact']).optional(),
  message,
});

export const GuardCheck = z.discriminatedUnion('check', [PiiCheck, ModerationCheck, InjectionCheck, JsonSchemaCheck, MaxCharsCheck, RegexCheck]);
export type GuardCheck = z.infer<typeof GuardCheck>;
export type GuardCheckOf<C extends GuardCheckName> = Extract<GuardCheck, { check: C }>;

export const GuardsSpec = z.strictObject({
  /** Checked before the node (the graph) runs, on its task (the run's input). */
  input: z.array(GuardCheck).max(20).optional(),
  /** Checked on the node's answer (the run's answer) before anyone sees it. */
  output: z.array(GuardCheck).max(20).optional(),
});
export type GuardsSpec = z.infer<typeof GuardsSpec>;

/** The `guards` key, spread into the node schemas that take it (agent, planner, executor, supervisor). */
export const guardedFields = { guards: GuardsSpec.optional() };

/**
 * `output_schema:` a JSON Schema (top level `type: object`) the node's answer must match: sent as
 * `response_format: json_schema` where the connection supports it, else asked for in the prompt and
 * validated with one repair retry. The parsed object is the node's output and goes to its `output`
 * channel (agent, planner, router).
 */
export const structuredFields = { output_schema: JsonSchemaValue.optional() };
