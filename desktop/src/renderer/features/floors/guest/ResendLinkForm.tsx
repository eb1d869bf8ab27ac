import type { MessageId } from '@tsudoi/common';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Button, TextField } from '@tsudoi/ui/controls';
import { linkResendRequested, selectGuestEntry } from './entry-slice';

/**
 * Under a link that does not open the floor: a booked visitor who lost their mail, or holds an old link,
 * asks for it again (request-link-appointment). The answer is the same whether or not the address has a
 * visit there, so the form tells nobody who is invited.
 */
export function ResendLinkForm({ floorId }: { floorId: number }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { resend } = useAppSelector(selectGuestEntry);
  const [email, setEmail] = useState('');
  const id = useId();
  const t = (key: MessageId) => intl.formatMessage({ id: key });
  return (
    <form
      className="guest-resend"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        if (email.trim()) dispatch(linkResendRequested({ floorId, email: email.trim() }));
      }}
    >
      <h2 id={`${id}-title`} className="guest-resend__title">
        {t('floors.guest.resend.title')}
      </h2>
      <p className="guest-resend__text">{t('floors.guest.resend.text')}</p>
      <div className="guest-resend__row">
        <TextField
          id={`${id}-email`}
          label={t('floors.guest.resend.email')}
          type="email"
          autoComplete="email"
          required
          value={email}
          error={resend.status === 'failed' ? (resend.message ?? undefined) : undefined}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Button type="submit" busy={resend.status === 'sending'}>
          {t('floors.guest.resend.submit')}
        </Button>
      </div>
      {resend.status === 'sent' && resend.message && (
        <p className="guest-resend__sent" role="status">
          {resend.message}
        </p>
      )}
    </form>
  );
}
