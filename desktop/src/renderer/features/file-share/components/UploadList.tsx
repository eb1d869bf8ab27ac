import { useIntl } from 'react-intl';
import type { MessageId } from '@tsudoi/common';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { CloseIcon } from '@tsudoi/ui/controls';
import { selectFileShare, uploadDismissed } from '../slice';

/** The uploads on their way with a progress bar each, and the ones refused with the server's reason. */
export function UploadList() {
  const intl = useIntl();
  const t = (id: string, v?: Record<string, string | number>) => intl.formatMessage({ id: id as MessageId }, v);
  const dispatch = useAppDispatch();
  const { uploads } = useAppSelector(selectFileShare);
  if (uploads.length === 0) return null;
  return (
    <ul className="share-uploads" aria-label={t('fileShare.uploads')}>
      {uploads.map((u) => (
        <li key={u.key} className={`share-upload${u.error ? ' share-upload--failed' : ''}`} data-upload={u.name}>
          <div className="share-upload__head">
            <span className="share-upload__name">{u.name}</span>
            <span className="share-upload__state">{u.error ? t('fileShare.uploadFailed') : `${u.percent}%`}</span>
            {u.error && (
              <button
                type="button"
                className="share-icon-button"
                aria-label={t('fileShare.dismiss')}
                onClick={() => dispatch(uploadDismissed(u.key))}
              >
                <CloseIcon />
              </button>
            )}
          </div>
          {u.error ? (
            <p className="share-upload__error" role="alert">
              {u.error}
            </p>
          ) : (
            <div
              className="share-upload__bar"
              role="progressbar"
              aria-label={t('fileShare.uploading', { name: u.name })}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={u.percent}
            >
              <span style={{ width: `${u.percent}%` }} />
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}
