import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { MessageId } from '@tsudoi/common';
import { Button, TextField, useDocumentTitle } from '@tsudoi/ui/controls';
import { useMutation } from './Detail';
import './console.css';

export interface FieldSpec {
  name: string;
  label: MessageId;
  type?: 'text' | 'email' | 'password' | 'number' | 'textarea' | 'select' | 'checkbox';
  options?: { value: string; label: MessageId }[];
  hint?: MessageId;
  required?: boolean;
}

export interface EditFormProps {
  title: MessageId;
  /** The saved values (null while loading). */
  initial: Record<string, unknown> | null;
  fields: FieldSpec[];
  method: 'PATCH' | 'POST';
  api: string;
  /** Where to go after saving, and on cancel. */
  done: string;
  /** Turns the form values into the request body (types, nulls, what changed). */
  toBody(values: Record<string, string | boolean>): Record<string, unknown>;
}

const toValue = (field: FieldSpec, value: unknown): string | boolean =>
  field.type === 'checkbox' ? Boolean(value) : value === null || value === undefined ? '' : String(value);

/** An edit or register page: the fields, save (PATCH or POST) and cancel; the server's message is shown as a toast. */
export function EditForm({ title, initial, fields, method, api, done, toBody }: EditFormProps) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  useDocumentTitle(t(title));
  const { saving, run } = useMutation();
  const [edits, setEdits] = useState<Record<string, string | boolean>>({});
  const saved = useMemo(
    () => (initial ? Object.fromEntries(fields.map((f) => [f.name, toValue(f, initial[f.name])])) : null),
    [initial, fields],
  );
  const values = saved && { ...saved, ...edits };
  const set = (name: string, value: string | boolean) => setEdits((v) => ({ ...v, [name]: value }));

  return (
    <section className="console-page">
      <Link className="console-back" to={done}>
        ← {t('adminConsole.action.cancel')}
      </Link>
      <header className="console-page__header">
        <h1 className="console-page__title">{t(title)}</h1>
      </header>
      {!values ? (
        <p className="console-card console-empty">{t('adminConsole.list.loading')}</p>
      ) : (
        <form
          className="console-card console-form"
          onSubmit={(event) => {
            event.preventDefault();
            run({ method, path: api, body: toBody(values), to: done });
          }}
        >
          {fields.map((field) => {
            const id = `edit-${field.name}`;
            const value = values[field.name];
            if (field.type === 'checkbox') {
              return (
                <label key={field.name} className="console-check">
                  <input
                    type="checkbox"
                    id={id}
                    checked={Boolean(value)}
                    onChange={(e) => set(field.name, e.target.checked)}
                  />
                  <span>{t(field.label)}</span>
                </label>
              );
            }
            if (field.type === 'select' || field.type === 'textarea') {
              return (
                <div key={field.name} className="field">
                  <div className="field__label-row">
                    <label className="field__label" htmlFor={id}>
                      {t(field.label)}
                    </label>
                  </div>
                  {field.type === 'select' ? (
                    <select
                      id={id}
                      className="console-select"
                      value={String(value)}
                      onChange={(e) => set(field.name, e.target.value)}
                    >
                      {field.options!.map((option) => (
                        <option key={option.value} value={option.value}>
                          {t(option.label)}
                        </option>
                      ))}
                    </select>
                  ) : (
                    <textarea
                      id={id}
                      className="console-textarea"
                      rows={5}
                      value={String(value)}
                      onChange={(e) => set(field.name, e.target.value)}
                    />
                  )}
                </div>
              );
            }
            return (
              <div key={field.name}>
                <TextField
                  id={id}
                  label={t(field.label)}
                  type={field.type ?? 'text'}
                  required={field.required}
                  value={String(value)}
                  autoComplete={field.type === 'password' ? 'new-password' : 'off'}
                  onChange={(e) => set(field.name, e.target.value)}
                />
                {field.hint && <p className="console-hint">{t(field.hint)}</p>}
              </div>
            );
          })}
          <div className="console-form__buttons">
            <Link className="button button--secondary" to={done}>
              {t('adminConsole.action.cancel')}
            </Link>
            <Button type="submit" busy={saving}>
              {t('adminConsole.action.save')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
