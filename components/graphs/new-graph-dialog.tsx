'use client';
/** "New graph": blank (START → END) or from an example template; opens the editor when created. */
import { useEffect, useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { isGraphName } from '@/lib/graph/constants';
import type { CreateGraphRequest, SavedGraphResponse } from '@/lib/contracts/graphs';
import { ApiError } from './api';
import { plural } from './format';
import { useCreateGraph, useTemplates } from './use-graphs';
import s from './graphs.module.css';

const BLANK = '';

export function NewGraphDialog({ open, onClose, onCreated }: { open: boolean; onClose(): void; onCreated(g: SavedGraphResponse): void }) {
  const [template, setTemplate] = useState(BLANK);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const templates = useTemplates(open);
  const create = useCreateGraph();
  const nameId = useId();
  const descId = useId();

  useEffect(() => {
    if (open) {
      setTemplate(BLANK);
      setName('');
      setDescription('');
      create.reset();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when the dialog opens
  }, [open]);

  const trimmed = name.trim();
  const nameProblem = trimmed && !isGraphName(trimmed) ? 'Use letters, digits, ".", "_" and "-" (start with a letter or digit).' : null;
  const serverError = create.error instanceof ApiError ? create.error : create.error ? new ApiError(String(create.error), 0, 'unknown') : null;

  const submit = () => {
    const body: CreateGraphRequest =
      template === BLANK
        ? { ...(trimmed ? { name: trimmed } : {}), ...(description.trim() ? { description: description.trim() } : {}) }
        : { template, ...(trimmed ? { name: trimmed } : {}) };
    create.mutate(body, { onSuccess: onCreated });
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      wide
      title="New graph"
      description="Start from an empty graph or from one of the examples."
      data-testid="new-graph-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="primary" busy={create.isPending} disabled={!!nameProblem} onClick={submit} data-testid="new-graph-submit">
            Create and open
          </Button>
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!nameProblem) submit();
        }}
      >
        <div className={s.sectionLabel}>Start from</div>
        <div className={s.choices} role="radiogroup" aria-label="Start from">
          <label className={s.choice} data-testid="new-graph-template-blank">
            <input type="radio" name="template" value={BLANK} checked={template === BLANK} onChange={() => setTemplate(BLANK)} />
            <span className={s.choiceTitle}>Blank graph</span>
            <span className={s.choiceText}>START wired to END. Add roles from the palette.</span>
          </label>
          {(templates.data?.templates ?? []).map((t) => (
            <label key={t.name} className={s.choice} data-testid={`new-graph-template-${t.name}`}>
              <input type="radio" name="template" value={t.name} checked={template === t.name} onChange={() => setTemplate(t.name)} />
              <span className={s.choiceTitle}>
                {t.name} <Badge>{plural(t.roles, 'role')}</Badge>
              </span>
              <span className={s.choiceText}>{t.description ?? 'An example graph.'}</span>
            </label>
          ))}
        </div>
        {templates.isError ? <p className={s.count}>Examples could not be loaded; a blank graph still works.</p> : null}

        <Field
          label="Name"
          htmlFor={nameId}
          hint={template === BLANK ? 'Optional: "untitled" when empty.' : `Optional: "${template}" when empty (made unique).`}
          error={nameProblem ?? (serverError && serverError.status !== 0 ? serverError.message : null)}
        >
          <input id={nameId} value={name} onChange={(e) => setName(e.target.value)} placeholder={template || 'untitled'} autoComplete="off" data-testid="new-graph-name" />
        </Field>
        {template === BLANK ? (
          <Field label="Description" htmlFor={descId} hint="Optional.">
            <input id={descId} value={description} onChange={(e) => setDescription(e.target.value)} placeholder="What does this agent do?" data-testid="new-graph-description" />
          </Field>
        ) : null}
        {serverError && serverError.status === 0 ? <p className={s.count}>{serverError.message}</p> : null}
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}
