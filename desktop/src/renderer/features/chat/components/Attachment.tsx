import type { ChatAttachmentDto } from '@tsudoi/common';
import { useIntl } from 'react-intl';
import { attachmentType, opensInNewTab } from '../files';
import { formatSize } from '../format-size';
import { DownloadIcon, ExternalIcon, FileExpiredIcon, FileIcon } from './chat-icons';

export interface AttachmentProps {
  attachment: ChatAttachmentDto;
  /** An image's object URL once loaded ('failed' when it could not be), undefined before. */
  preview: string | undefined;
  /** 0–100 while this file downloads, null otherwise (queued counts as 0). */
  progress: number | null;
  onDownload(): void;
}

/** An image or file message: the picture, or a file card; a click downloads it (a PDF opens in a new tab). */
export function Attachment({ attachment, preview, progress, onDownload }: AttachmentProps) {
  const intl = useIntl();
  const pdf = opensInNewTab(attachment.name, attachment.mimeType);
  const action = intl.formatMessage({ id: pdf ? 'chat.message.open' : 'chat.message.download' });
  const busy = progress !== null;
  const bar = busy && (
    <span
      className="chat-file__progress"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={progress}
    >
      <span style={{ width: `${progress}%` }} />
    </span>
  );
  if (attachment.expiredAt)
    // the retention policy removed the bytes: the name stays, nothing to download
    return (
      <div className="chat-file chat-file--expired" data-testid="chat-file-expired">
        <span className="chat-file__icon">
          <FileExpiredIcon size={22} />
        </span>
        <span className="chat-file__meta">
          <span className="chat-file__name" title={attachment.name}>
            {attachment.name}
          </span>
          <span className="chat-file__size">{intl.formatMessage({ id: 'chat.message.expiredHint' })}</span>
        </span>
        <span className="chat-file__badge">{intl.formatMessage({ id: 'chat.message.expired' })}</span>
      </div>
    );
  if (attachmentType(attachment.mimeType) === 'image')
    return (
      <button
        type="button"
        className="chat-image"
        onClick={onDownload}
        aria-label={`${action}: ${attachment.name}`}
        aria-busy={busy || undefined}
      >
        {preview && preview !== 'failed' ? (
          <img src={preview} alt={attachment.name} />
        ) : (
          <span className="chat-image__placeholder">
            {preview === 'failed' ? <FileIcon size={28} /> : <span className="button__spinner" aria-hidden="true" />}
            <span className="chat-image__name">{attachment.name}</span>
          </span>
        )}
        {bar}
      </button>
    );
  return (
    <div className="chat-file" data-testid="chat-file">
      <span className="chat-file__icon">
        <FileIcon size={22} />
      </span>
      <span className="chat-file__meta">
        <span className="chat-file__name" title={attachment.name}>
          {attachment.name}
        </span>
        <span className="chat-file__size">
          {busy
            ? intl.formatMessage({ id: 'chat.message.downloading' }, { percent: progress })
            : formatSize(attachment.size)}
        </span>
        {bar}
      </span>
      <button
        type="button"
        className="chat-icon-button"
        onClick={onDownload}
        disabled={busy}
        aria-label={`${action}: ${attachment.name}`}
        title={action}
      >
        {pdf ? <ExternalIcon /> : <DownloadIcon />}
      </button>
    </div>
  );
}
