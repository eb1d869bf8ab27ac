import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { paths } from '../../../app/paths';
import { selectCurrentUser } from '../../auth';
import { formatSize } from '../format-size';
import { selectChat, uploadDismissed } from '../slice';
import { CloseIcon, FileIcon, StorageIcon } from './chat-icons';

/** The conversation's uploads: the one under way with its progress, those waiting, and failures. */
export function UploadTray({ conversationId }: { conversationId: number }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { uploads } = useAppSelector(selectChat);
  // the team's owner can make room: the plan page, one click away
  const owner = useAppSelector((state) => selectCurrentUser(state)?.employeeRole === 'OWNER');
  const current = uploads.current?.conversationId === conversationId ? uploads.current : null;
  const pending = uploads.pending.filter((u) => u.conversationId === conversationId);
  const failed = uploads.failed.filter((u) => u.conversationId === conversationId);
  if (!current && pending.length === 0 && failed.length === 0) return null;
  return (
    <ul className="chat-uploads" aria-label={intl.formatMessage({ id: 'chat.upload.label' })}>
      {current && (
        <li className="chat-upload" data-testid="chat-upload">
          <FileIcon size={18} />
          <span className="chat-upload__text">
            <span className="chat-upload__name">
              {intl.formatMessage({ id: 'chat.upload.progress' }, { name: current.name })}
            </span>
            <span
              className="chat-upload__bar"
              role="progressbar"
              aria-label={current.name}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={uploads.progress}
            >
              <span style={{ width: `${uploads.progress}%` }} />
            </span>
          </span>
          <span className="chat-upload__percent">{uploads.progress}%</span>
        </li>
      )}
      {pending.map((u) => (
        <li key={u.id} className="chat-upload chat-upload--waiting">
          <FileIcon size={18} />
          <span className="chat-upload__text">
            <span className="chat-upload__name">{u.name}</span>
            <span className="chat-upload__size">{formatSize(u.size)}</span>
          </span>
          <span className="chat-upload__percent">{intl.formatMessage({ id: 'chat.upload.waiting' })}</span>
        </li>
      ))}
      {failed.map((u) => {
        // no room in the team's storage quota is the team's state, not this file's fault: said so, with the figures
        const full = u.code === 'STORAGE_QUOTA_EXCEEDED';
        return (
          <li
            key={u.id}
            className={`chat-upload chat-upload--failed${full ? ' chat-upload--full' : ''}`}
            role="alert"
            data-testid={full ? 'chat-upload-storage-full' : undefined}
          >
            {full ? <StorageIcon size={20} /> : <FileIcon size={18} />}
            <span className="chat-upload__text">
              <span className="chat-upload__name">
                {full
                  ? `${intl.formatMessage({ id: 'chat.upload.storageFull' })} · ${u.name}`
                  : intl.formatMessage({ id: 'chat.upload.failed' }, { name: u.name })}
              </span>
              <span className="chat-upload__size">{u.error}</span>
              {full && owner && (
                <Link className="chat-upload__link" to={paths.plan()}>
                  {intl.formatMessage({ id: 'plans.upgradeLink' })}
                </Link>
              )}
            </span>
            <button
              type="button"
              className="chat-icon-button"
              aria-label={intl.formatMessage({ id: 'chat.upload.dismiss' })}
              onClick={() => dispatch(uploadDismissed(u.id))}
            >
              <CloseIcon size={16} />
            </button>
          </li>
        );
      })}
    </ul>
  );
}
