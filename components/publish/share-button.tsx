'use client';
/**
 * "Share" in the editor header (issue 22, part 3): who may open the graph's public chat (off,
 * signed-in users, anyone with the link), its link (regenerable), welcome message, suggested
 * prompts, the origins that may embed it, the per-visitor rate and the daily cost cap; then the
 * embed snippets (lib/snippets) for the chat bubble and an iframe. The chat runs the published version.
 */
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import type { ShareSettingsResponse } from '@/lib/contracts/publishing';
import { embedSnippets } from '@/lib/snippets';
import { usePublication, useSaveShare, useShare } from './api';
import { CodeBlock } from './code-block';
import s from './publish.module.css';

type Access = ShareSettingsResponse['access'];
const ACCESS: { value: Access; label: string; hint: string }[] = [
  { value: 'off', label: 'Off', hint: 'The link answers 404.' },
  { value: 'signed_in', label: 'Signed-in users', hint: 'Anyone with an account on this server.' },
  { value: 'link', label: 'Anyone with the link', hint: 'No account needed; visitors are rate limited.' },
];

interface Form {
  access: Access;
  welcome: string;
  suggestions: string;
  origins: string;
  perMinute: string;
  cap: string;
}

const lines = (text: string) => text.split('\n').map((l) => l.trim()).filter(Boolean);
const formOf = (d: ShareSettingsResponse): Form => ({
  access: d.access,
  welcome: d.welcome ?? '',
  suggestions: d.suggestions.join('\n'),
  origins: d.allowed_origins.join('\n'),
  perMinute: String(d.visitor_per_minute),
  cap: d.daily_cost_usd == null ? '' : String(d.daily_cost_usd),
});

export function ShareButton({ graphId }: { graphId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="sy-btn" data-testid="share-open" title="Share the graph as a public chat, or embed it on a site" onClick={() => setOpen(true)}>
        Share
      </button>
      {open ? <ShareDialog graphId={graphId} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function ShareDialog({ graphId, onClose }: { graphId: string; onClose(): void }) {
  const share = useShare(graphId);
  const pub = usePublication(graphId);
  const save = useSaveShare(graphId);
  const [form, setForm] = useState<Form | null>(null);
  const [origin, setOrigin] = useState('');
  useEffect(() => setOrigin(window.location.origin), []);
  useEffect(() => {
    if (share.data && !form) setForm(formOf(share.data));
  }, [share.data, form]);

  const set = (patch: Partial<Form>) => setForm((f) => (f ? { ...f, ...patch } : f));
  const submit = (extra: { regenerate_token?: boolean } = {}) => {
    if (!form) return;
    save.mutate(
      {
        access: form.access,
        welcome: form.welcome.trim() || null,
        suggestions: lines(form.suggestions),
        allowed_origins: lines(form.origins),
        visitor_per_minute: Number(form.perMinute),
        daily_cost_usd: form.cap.trim() === '' ? null : Number(form.cap),
        ...extra,
      },
      { onSuccess: (d) => setForm(formOf(d)) },
    );
  };
  const data = save.data ?? share.data;
  const url = data?.path ? `${origin}${data.path}` : null;
  const embed = data?.token ? embedSnippets(origin, data.token) : null;
  const live = pub.data?.published;

  return (
    <Dialog
      open
      onClose={onClose}
      wide
      title="Share as a chat"
      description={live ? `Visitors talk to the published version ${live.version}.` : 'Visitors talk to the newest version until you publish one.'}
      data-testid="share-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Close
          </Button>
          <Button variant="primary" busy={save.isPending} disabled={!form} onClick={() => submit()} data-testid="share-save">
            Save
          </Button>
        </>
      }
    >
      {!form ? (
        <p className={s.muted}>{share.isError ? `Could not load the share settings: ${share.error.message}` : 'Loading…'}</p>
      ) : (
        <>
          <div className={s.access} role="radiogroup" aria-label="Who may open the chat">
            {ACCESS.map((a) => (
              <label key={a.value}>
                <input type="radio" name="share-access" checked={form.access === a.value} onChange={() => set({ access: a.value })} data-testid={`share-access-${a.value}`} />
                <span>
                  <strong>{a.label}</strong> <span className={s.muted}>{a.hint}</span>
                </span>
              </label>
            ))}
          </div>
          {url && data?.access !== 'off' ? (
            <div className={s.status}>
              <span className={s.row}>
                <a className={s.link} href={url} target="_blank" rel="noopener noreferrer" data-testid="share-link">
                  {url}
                </a>
              </span>
              <span className={s.row}>
                <Button size="sm" onClick={() => void navigator.clipboard.writeText(url).catch(() => undefined)} data-testid="share-link-copy">
                  Copy link
                </Button>
                <Button size="sm" variant="ghost" onClick={() => submit({ regenerate_token: true })} data-testid="share-regenerate">
                  New link (the old one stops working)
                </Button>
              </span>
            </div>
          ) : (
            <p className={s.muted}>{data?.access === 'off' || !url ? 'Choose who may open the chat and save: the link appears here.' : null}</p>
          )}
          <Field label="Welcome message" htmlFor="share-welcome" hint="The first message visitors see (markdown).">
            <textarea id="share-welcome" rows={2} maxLength={2000} value={form.welcome} onChange={(e) => set({ welcome: e.target.value })} data-testid="share-welcome" />
          </Field>
          <div className={s.grid}>
            <Field label="Suggested prompts" htmlFor="share-suggestions" hint="One per line, at most 6.">
              <textarea id="share-suggestions" rows={3} value={form.suggestions} onChange={(e) => set({ suggestions: e.target.value })} data-testid="share-suggestions" />
            </Field>
            <Field label="Sites that may embed it" htmlFor="share-origins" hint="One origin per line, e.g. https://shop.example.">
              <textarea id="share-origins" rows={3} value={form.origins} onChange={(e) => set({ origins: e.target.value })} data-testid="share-origins" />
            </Field>
            <Field label="Messages per visitor per minute" htmlFor="share-rate">
              <input id="share-rate" type="number" min={1} max={600} value={form.perMinute} onChange={(e) => set({ perMinute: e.target.value })} data-testid="share-rate" />
            </Field>
            <Field label="Daily cost cap (USD)" htmlFor="share-cap" hint="Empty: no cap. Over it, the chat says it is unavailable until tomorrow (UTC).">
              <input id="share-cap" type="number" min={0} step="0.01" value={form.cap} onChange={(e) => set({ cap: e.target.value })} data-testid="share-cap" />
            </Field>
          </div>
          {save.error ? (
            <p className={s.error} role="alert" data-testid="share-error">
              {save.error.message}
            </p>
          ) : null}
          {embed && data?.access !== 'off' ? (
            <>
              <h3 className={s.section}>Embed on a site</h3>
              <p className={s.muted}>A chat bubble in the page corner (the site must be in the list above):</p>
              <CodeBlock code={embed.script} label="Embed script" testId="share-embed-script" />
              <p className={s.muted}>Or the chat in a frame:</p>
              <CodeBlock code={embed.iframe} label="Embed iframe" testId="share-embed-iframe" />
            </>
          ) : null}
        </>
      )}
    </Dialog>
  );
}
