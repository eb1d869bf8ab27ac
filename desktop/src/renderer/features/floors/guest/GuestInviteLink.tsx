import type { FloorDto } from '@tsudoi/common';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import './guest.css';

/** The guest invite link of a public floor, for its host and subhosts: copy and share it (spec §4 privacy). */
export function GuestInviteLink({ floor }: { floor: Pick<FloorDto, 'id' | 'inviteToken'> }) {
  const intl = useIntl();
  const [copied, setCopied] = useState(false);
  if (!floor.inviteToken) return null;
  const url = `${window.location.origin}/floors/${floor.id}?app_id=${floor.inviteToken}`;
  return (
    <div className="guest-invite">
      <button
        type="button"
        className="link guest-invite__copy"
        data-url={url}
        onClick={() => {
          void navigator.clipboard?.writeText(url).then(() => setCopied(true));
        }}
      >
        {intl.formatMessage({ id: 'floors.guest.copyLink' })}
      </button>
      {copied && (
        <span className="guest-invite__done" role="status">
          {intl.formatMessage({ id: 'floors.guest.linkCopied' })}
        </span>
      )}
    </div>
  );
}
