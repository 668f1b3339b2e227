/**
 * Contracts of publishing and sharing a graph (issue 22, parts 2 and 3):
 * GET/POST/DELETE /api/graphs/:id/publish, GET/PUT /api/graphs/:id/share, and the public chat's
 * own API (GET/POST /api/public/:token). Browser-safe: zod only.
 */
import { z } from 'zod';

export const PublishRequest = z.strictObject({
  version: z.number({ error: 'version must be a number: the saved version to publish' }).int().positive('version must be a positive integer'),
  note: z.string().trim().max(500, 'note must be at most 500 characters').optional(),
});
export type PublishRequest = z.infer<typeof PublishRequest>;

export const Publication = z.object({
  version: z.number().int(),
  note: z.string().nullable(),
  /** Who published: the user's name (or `local` / `service` for callers without an account). */
  published_by: z.string().nullable(),
  published_at: z.string(),
});
export type Publication = z.infer<typeof Publication>;

/** The graph's publication, or null: outside callers run the newest version. */
export const PublicationResponse = z.object({ published: Publication.nullable(), newest_version: z.number().int() });
export type PublicationResponse = z.infer<typeof PublicationResponse>;

export const SHARE_ACCESS_VALUES = ['off', 'signed_in', 'link'] as const;
export const ShareAccessField = z.enum(SHARE_ACCESS_VALUES, { error: 'access must be "off", "signed_in" or "link"' });

/** An origin a page may embed the chat from: scheme://host[:port], nothing after it. */
export const EmbedOrigin = z
  .string()
  .trim()
  .max(200)
  .refine((s) => {
    try {
      const u = new URL(s);
      return (u.protocol === 'https:' || u.protocol === 'http:') && u.origin === s.replace(/\/$/, '');
    } catch {
      return false;
    }
  }, 'each allowed origin must be scheme://host[:port] with nothing after it, e.g. https://shop.example')
  .transform((s) => new URL(s).origin);

export const ShareSettingsRequest = z.strictObject({
  access: ShareAccessField.optional(),
  welcome: z.string().max(2000, 'welcome must be at most 2000 characters').nullable().optional(),
  suggestions: z.array(z.string().trim().min(1).max(200, 'each suggestion must be at most 200 characters')).max(6, 'at most 6 suggestions').optional(),
  allowed_origins: z.array(EmbedOrigin).max(20, 'at most 20 allowed origins').optional(),
  visitor_per_minute: z.number().int().min(1, 'visitor_per_minute must be 1 to 600').max(600, 'visitor_per_minute must be 1 to 600').optional(),
  daily_cost_usd: z.number().min(0, 'daily_cost_usd must be 0 or more (null: no cap)').max(1_000_000).nullable().optional(),
  /** A new token: the old link stops working. */
  regenerate_token: z.boolean().optional(),
});
export type ShareSettingsRequest = z.infer<typeof ShareSettingsRequest>;

export const ShareSettingsResponse = z.object({
  access: ShareAccessField,
  /** null until the settings are first saved (sharing is off). */
  token: z.string().nullable(),
  /** The public page's path (`/c/<token>`); the page answers 404 while access is off. */
  path: z.string().nullable(),
  welcome: z.string().nullable(),
  suggestions: z.array(z.string()),
  allowed_origins: z.array(z.string()),
  visitor_per_minute: z.number().int(),
  daily_cost_usd: z.number().nullable(),
});
export type ShareSettingsResponse = z.infer<typeof ShareSettingsResponse>;

/** What a public visitor sends. */
export const PublicMessageRequest = z.strictObject({
  message: z.string().trim().min(1, 'message must not be empty').max(4000, 'message must be at most 4000 characters'),
});

/** One turn of the visitor's conversation: only the text, never how it was made. */
export const PublicTurn = z.object({ role: z.enum(['user', 'assistant']), content: z.string() });
export type PublicTurn = z.infer<typeof PublicTurn>;

/** GET /api/public/:token: what the page shows (title, welcome, suggestions) and the visitor's conversation. */
export const PublicChatResponse = z.object({
  title: z.string(),
  welcome: z.string().nullable(),
  suggestions: z.array(z.string()),
  turns: z.array(PublicTurn),
});
export type PublicChatResponse = z.infer<typeof PublicChatResponse>;

/** POST /api/public/:token: the answer, or a generic error (`slow_down`, `unavailable`, `failed`). */
export const PublicReplyResponse = z.object({ reply: z.string() });
export type PublicReplyResponse = z.infer<typeof PublicReplyResponse>;
export const PublicErrorResponse = z.object({ error: z.object({ code: z.enum(['slow_down', 'unavailable', 'failed', 'bad_request', 'not_found', 'sign_in', 'forbidden']), message: z.string() }) });
export type PublicErrorResponse = z.infer<typeof PublicErrorResponse>;
