import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import type { MessageId } from '@tsudoi/common';
import { Button, ConfirmDialog, useDocumentTitle } from '@tsudoi/ui/controls';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import {
  detailRequested,
  mutationRequested,
  selectDetail,
  selectDone,
  selectSaving,
  type MutationRequest,
} from '../slice';
import './console.css';

/** Loads GET `path` once per path and answers its data (null while loading) and error. */
export function useDetail(path: string) {
  const dispatch = useAppDispatch();
  const detail = useAppSelector(selectDetail(path));
  useEffect(() => {
    dispatch(detailRequested({ path }));
  }, [dispatch, path]);
  return { data: detail?.data ?? null, error: detail?.error ?? null };
}

/** Runs a change and, once it succeeded, goes where it said. */
export function useMutation() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const saving = useAppSelector(selectSaving);
  const done = useAppSelector(selectDone);
  const waitingFor = useRef<number | null>(null);
  useEffect(() => {
    if (waitingFor.current !== null && done.seq > waitingFor.current) {
      waitingFor.current = null;
      if (done.to) void navigate(done.to);
    }
  }, [done, navigate]);
  return {
    saving,
    run(request: MutationRequest) {
      waitingFor.current = done.seq;
      dispatch(mutationRequested(request));
    },
  };
}

export interface DetailPageProps {
  title: MessageId;
  data: Record<string, unknown> | null;
  error: string | null;
  back: string;
  fields: [MessageId, ReactNode][];
  actions?: ReactNode;
  children?: ReactNode;
}

/** A detail page: a card of labelled values, the actions, and related lists below. */
export function DetailPage({ title, data, error, back, fields, actions, children }: DetailPageProps) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  useDocumentTitle(t(title));
  return (
    <section className="console-page">
      <Link className="console-back" to={back}>
        ← {t('adminConsole.action.back')}
      </Link>
      <header className="console-page__header">
        <h1 className="console-page__title">{t(title)}</h1>
        <div className="console-page__actions">{data && actions}</div>
      </header>
      {error && <p className="console-card console-empty console-empty--error">{error}</p>}
      {!data && !error && <p className="console-card console-empty">{t('adminConsole.list.loading')}</p>}
      {data && (
        <dl className="console-card console-fields">
          {fields.map(([label, value]) => (
            <div key={label} className="console-fields__row">
              <dt>{t(label)}</dt>
              <dd>{value ?? '—'}</dd>
            </div>
          ))}
        </dl>
      )}
      {data && children}
    </section>
  );
}

/** A button that asks first (delete, restore, resend…), then runs the change. */
export function ConfirmButton({
  label,
  text,
  request,
  danger,
  variant = 'secondary',
  className,
}: {
  label: MessageId;
  text: string;
  request: MutationRequest;
  danger?: boolean;
  variant?: 'primary' | 'secondary';
  className?: string;
}) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const [open, setOpen] = useState(false);
  const { saving, run } = useMutation();
  return (
    <>
      <Button
        variant={variant}
        className={[danger ? 'console-danger' : '', className ?? ''].filter(Boolean).join(' ') || undefined}
        onClick={() => setOpen(true)}
      >
        {t(label)}
      </Button>
      <ConfirmDialog
        open={open}
        title={t('adminConsole.confirm.title')}
        confirmLabel={t(label)}
        cancelLabel={t('adminConsole.action.cancel')}
        danger={danger}
        busy={saving}
        onCancel={() => setOpen(false)}
        onConfirm={() => {
          setOpen(false);
          run(request);
        }}
      >
        {text}
      </ConfirmDialog>
    </>
  );
}
