import { MEDIA_SOURCES, type MediaSource, type MessageId } from '@tsudoi/common';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../../../app/hooks';
import { ConfirmDialog, usePopup } from '@tsudoi/ui/controls';
import { selectMediaRequests, turnOffAllRequested } from '../requests-slice';
import { HostIcon } from '../../components/media-icons';
import { DeviceIcon } from './DeviceIcon';
import './requests.css';

/**
 * The host's media menu in the media toolbar (spec §6): turn off every
 * camera, microphone or screen share on the floor but one's own, each after
 * a confirmation. Shown to hosts and subhosts only.
 */
export function HostMediaMenu() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { turningOff } = useAppSelector(selectMediaRequests);
  const { open, setOpen, root } = usePopup();
  const [confirm, setConfirm] = useState<MediaSource | null>(null);
  const t = (id: MessageId) => intl.formatMessage({ id });

  return (
    <div className="host-media" ref={root}>
      <button
        type="button"
        className="media-button"
        aria-haspopup="menu"
        aria-expanded={open}
        title={t('media.host.menu')}
        onClick={() => setOpen(!open)}
      >
        <HostIcon />
        <span>{t('media.host.menu')}</span>
      </button>
      {open && (
        <div className="host-media__menu" role="menu" aria-label={t('media.host.menu')}>
          {MEDIA_SOURCES.map((source) => (
            <button
              key={source}
              type="button"
              role="menuitem"
              className="host-media__item"
              data-turn-off={source}
              onClick={() => {
                setOpen(false);
                setConfirm(source);
              }}
            >
              <DeviceIcon device={source} off />
              {t(`media.host.turnOffAll.${source}`)}
            </button>
          ))}
        </div>
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={confirm ? t(`media.host.confirm.${confirm}`) : ''}
        confirmLabel={t('media.host.confirm.ok')}
        cancelLabel={t('media.host.confirm.cancel')}
        danger
        busy={turningOff !== null}
        onConfirm={() => {
          if (!confirm) return;
          dispatch(turnOffAllRequested(confirm));
          setConfirm(null); // the outcome comes as a notification
        }}
        onCancel={() => setConfirm(null)}
      >
        {t('media.host.confirm.body')}
      </ConfirmDialog>
    </div>
  );
}
