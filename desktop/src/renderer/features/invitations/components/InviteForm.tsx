import type { MessageId } from '@tsudoi/common';
import { useState, type ClipboardEvent, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Button, CloseIcon, TextField } from '@tsudoi/ui/controls';
import { checkInviteRows, serverRowErrors, splitEmails, toInviteList, type RowProblem } from '../email-list';
import { invitesRequested, selectInvitations } from '../slice';
import './invitations.css';

const PROBLEM_TEXT: Record<RowProblem, MessageId> = {
  email: 'validation.email',
  duplicate: 'invitations.form.duplicate',
};
const MAX_ROWS = 25;

/** Invite several people at once; each address gets its own message, the server's included (`emails.<i>`). */
export function InviteForm() {
  const { sentCount } = useAppSelector(selectInvitations);
  // A sent list starts a fresh form.
  return <InviteFormBody key={sentCount} />;
}

function InviteFormBody() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { inviting, inviteFields } = useAppSelector(selectInvitations);
  const [rows, setRows] = useState<string[]>(['', '']);
  const [problems, setProblems] = useState<Record<number, RowProblem>>({});
  const [rowOf, setRowOf] = useState<number[]>([]);
  const [edited, setEdited] = useState<ReadonlySet<number>>(new Set());
  const serverErrors = serverRowErrors(inviteFields, rowOf);
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);

  function change(index: number, value: string) {
    setRows(rows.map((row, i) => (i === index ? value : row)));
    setEdited(new Set(edited).add(index));
    if (problems[index]) {
      const rest = { ...problems };
      delete rest[index];
      setProblems(rest);
    }
  }

  function paste(index: number, event: ClipboardEvent<HTMLInputElement>) {
    const emails = splitEmails(event.clipboardData.getData('text'));
    if (emails.length < 2) return;
    event.preventDefault();
    const next = [...rows.slice(0, index), ...emails, ...rows.slice(index + 1)].filter(
      (row, i, all) => row.trim() || i === all.length - 1,
    );
    setRows(next.slice(0, MAX_ROWS));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (inviting) return;
    const found = checkInviteRows(rows);
    const list = toInviteList(rows);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    if (list.emails.length === 0) return setProblems({ 0: 'email' });
    setRowOf(list.rowOf);
    setEdited(new Set());
    dispatch(invitesRequested(list.emails));
  }

  return (
    <section className="card" aria-labelledby="invite-title">
      <div className="card__header">
        <h2 id="invite-title" className="card__title">
          {t('invitations.form.title')}
        </h2>
        <span className="card__note">{t('invitations.form.note')}</span>
      </div>
      <form className="form-stack" noValidate onSubmit={submit}>
        <div className="invite-rows">
          {rows.map((row, index) => {
            const problem = problems[index];
            const error = problem ? t(PROBLEM_TEXT[problem]) : edited.has(index) ? undefined : serverErrors[index];
            return (
              <div className="invite-row" key={index}>
                <TextField
                  id={`invite-email-${index}`}
                  label={t('invitations.form.email', { n: index + 1 })}
                  type="email"
                  inputMode="email"
                  autoComplete="off"
                  placeholder={t('auth.login.emailPlaceholder')}
                  value={row}
                  error={error}
                  onChange={(event) => change(index, event.target.value)}
                  onPaste={(event) => paste(index, event)}
                />
                {rows.length > 1 && (
                  <button
                    type="button"
                    className="invite-row__remove"
                    aria-label={t('invitations.form.remove', { n: index + 1 })}
                    onClick={() => {
                      setRows(rows.filter((_row, i) => i !== index));
                      setProblems({});
                      setRowOf([]);
                    }}
                  >
                    <CloseIcon />
                  </button>
                )}
              </div>
            );
          })}
        </div>
        <div className="invite-form__footer">
          <button
            type="button"
            className="link invite-form__add"
            disabled={rows.length >= MAX_ROWS}
            onClick={() => setRows([...rows, ''])}
          >
            {t('invitations.form.add')}
          </button>
          <Button type="submit" busy={inviting}>
            {t('invitations.form.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
