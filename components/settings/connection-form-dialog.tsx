'use client';
/**
 * Add or edit a connection. The key field is write-only: it starts empty (also when editing), and
 * the form lives only while the dialog is open, so a typed key leaves the page when it closes.
 */
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { IconAlert } from '@/components/ui/icons';
import type { ConnectionView } from '@/lib/contracts/connections';
import {
  NO_ERRORS,
  checkHeaderRows,
  createBody,
  errorsFromApi,
  initialValues,
  updateBody,
  type FieldName,
  type FormErrors,
  type FormValues,
} from './connection-form-model';
import { HeaderRows } from './header-rows';
import { PriceRows } from './connection-form-price-rows';
import { checkPriceRows } from './connection-form-prices';
import { useSaveConnection } from './use-connections';
import s from './settings.module.css';

/** The `supports` checkboxes: key, label, what turning it off does. */
const SUPPORTS = [
  ['tools', 'Tools (function calling)', 'Off: tool-calling agents describe the tools in the prompt and read JSON blocks back'],
  ['stop', 'Stop words (stop)', 'Off: stop words are not sent; the reply is cut at them here'],
  ['stream_usage', 'Usage in streams (stream_options)', 'Off: no usage is asked for; token counts may be 0'],
] as const;

export interface ConnectionFormDialogProps {
  /** null: closed; 'new': add; a connection: edit it. */
  target: ConnectionView | 'new' | null;
  onClose(): void;
  onSaved(c: ConnectionView, created: boolean): void;
}

export function ConnectionFormDialog({ target, onClose, onSaved }: ConnectionFormDialogProps) {
  const formId = useId();
  const save = useSaveConnection();
  const editing = target && target !== 'new' ? target : null;
  const close = () => {
    save.reset();
    onClose();
  };
  return (
    <Dialog
      open={target !== null}
      onClose={close}
      wide
      title={editing ? `Edit “${editing.name}”` : 'Add a connection'}
      description={
        editing
          ? 'Change the base URL or headers, or replace the key. Fields left empty keep their saved value.'
          : 'Any OpenAI-compatible server: OpenAI, vLLM, Ollama, llama.cpp, TGI. Graphs refer to it by name.'
      }
      data-testid="connection-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={close}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" form={formId} busy={save.isPending} data-testid="connection-save">
            {editing ? 'Save changes' : 'Add connection'}
          </Button>
        </>
      }
    >
      {target !== null ? (
        <ConnectionForm
          key={editing?.name ?? 'new'}
          id={formId}
          editing={editing}
          onSubmit={(values, setErrors) => {
            const request = editing
              ? ({ mode: 'update', name: editing.name, body: updateBody(values) } as const)
              : ({ mode: 'create', body: createBody(values) } as const);
            save.mutate(request, {
              onSuccess: (c) => {
                save.reset();
                onSaved(c, !editing);
              },
              onError: (err) => setErrors(errorsFromApi(err, values.headers, values.prices.rows)),
            });
          }}
        />
      ) : null}
    </Dialog>
  );
}

function ConnectionForm({
  id,
  editing,
  onSubmit,
}: {
  id: string;
  editing: ConnectionView | null;
  onSubmit(values: FormValues, setErrors: (e: FormErrors) => void): void;
}) {
  const [v, setV] = useState<FormValues>(() => initialValues(editing));
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const ids = { name: useId(), base_url: useId(), api_key: useId() };
  const set = (patch: Partial<FormValues>, clears?: FieldName) => {
    setV((old) => ({ ...old, ...patch }));
    if (clears && errors.fields[clears]) setErrors((e) => ({ ...e, fields: { ...e.fields, [clears]: undefined } }));
  };
  const fieldError = (f: FieldName) => (errors.fields[f] ? <span data-testid={`error-${f}`}>{errors.fields[f]}</span> : null);

  const keyHint = editing?.api_key_hint
    ? `Saved key ${editing.api_key_hint}. Leave empty to keep it; type a new one to replace it.`
    : 'Optional: local servers (Ollama, llama.cpp, vLLM) need none. Stored on the server, never shown again.';

  return (
    <form
      id={id}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const headerErrors = checkHeaderRows(v.headers);
        const priceErrors = checkPriceRows(v.prices.rows);
        if (Object.keys(headerErrors).length || Object.keys(priceErrors).length) return setErrors({ ...NO_ERRORS, headers: headerErrors, prices: priceErrors });
        setErrors(NO_ERRORS);
        onSubmit(v, setErrors);
      }}
      className={s.form}
      data-testid="connection-form"
    >
      <Field label="Name" htmlFor={ids.name} hint={
          <>
            Graphs refer to it as <code>connection: {v.name.trim() || 'name'}</code>. Letters, digits, _ and -.
          </>
        } error={fieldError('name')}>
        <input
          id={ids.name}
          value={v.name}
          readOnly={!!editing}
          autoFocus={!editing}
          placeholder="ollama"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={errors.fields.name ? true : undefined}
          onChange={(e) => set({ name: e.target.value }, 'name')}
          data-testid="connection-name"
        />
      </Field>
      <Field label="Base URL" htmlFor={ids.base_url} hint="The URL that GET /models and POST /chat/completions hang off, usually ending in /v1." error={fieldError('base_url')}>
        <input
          id={ids.base_url}
          value={v.baseUrl}
          type="url"
          autoFocus={!!editing}
          placeholder="http://localhost:11434/v1"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={errors.fields.base_url ? true : undefined}
          onChange={(e) => set({ baseUrl: e.target.value }, 'base_url')}
          data-testid="connection-base-url"
        />
      </Field>
      <Field label="API key" htmlFor={ids.api_key} hint={keyHint} error={fieldError('api_key')}>
        <input
          id={ids.api_key}
          type="password"
          value={v.apiKey}
          disabled={v.removeKey}
          placeholder={editing?.api_key_hint ? `${editing.api_key_hint} (unchanged)` : 'sk-…'}
          autoComplete="new-password"
          spellCheck={false}
          aria-invalid={errors.fields.api_key ? true : undefined}
          onChange={(e) => set({ apiKey: e.target.value }, 'api_key')}
          data-testid="connection-api-key"
        />
      </Field>
      {editing?.api_key_hint ? (
        <label className={s.check}>
          <input type="checkbox" checked={v.removeKey} onChange={(e) => set({ removeKey: e.target.checked, apiKey: '' })} data-testid="connection-remove-key" />
          Remove the saved key
        </label>
      ) : null}
      <fieldset className={s.supports} data-testid="connection-supports">
        <legend>The server accepts</legend>
        {SUPPORTS.map(([key, label, hint]) => (
          <label key={key} className={s.check} title={hint}>
            <input
              type="checkbox"
              checked={v.supports[key]}
              onChange={(e) => set({ supports: { ...v.supports, [key]: e.target.checked } })}
              data-testid={`connection-supports-${key}`}
            />
            {label}
          </label>
        ))}
      </fieldset>
      <HeaderRows
        rows={v.headers}
        errors={errors.headers}
        onChange={(headers) => set({ headers })}
        onRemoveSaved={(name) => setV((old) => ({ ...old, removedHeaders: [...old.removedHeaders, name] }))}
      />
      <PriceRows value={v.prices} errors={errors.prices ?? {}} onChange={(prices) => set({ prices })} />
      {errors.form ? (
        <div className={s.formError} role="alert" data-testid="connection-form-error">
          <IconAlert />
          <span>{errors.form}</span>
        </div>
      ) : null}
    </form>
  );
}
