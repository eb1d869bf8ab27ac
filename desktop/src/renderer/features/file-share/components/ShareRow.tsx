import { useIntl } from 'react-intl';
import type { CompanyFileDto, CompanyFolderDto, MessageId } from '@tsudoi/common';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { formatSize } from '../../chat/format-size';
import { downloadRequested, selectFileShare } from '../slice';
import { DownloadIcon, FileIcon, FolderIcon, MoveIcon, PencilIcon, TrashIcon } from './share-icons';

interface Props {
  item: { kind: 'folder'; row: CompanyFolderDto } | { kind: 'file'; row: CompanyFileDto };
  when: string;
  onOpen?(): void;
  onRename(): void;
  onMove(): void;
  onDelete(): void;
}

/** One folder or file of the listing: name (a folder opens), owner, modified, size and its actions. */
export function ShareRow({ item, when, onOpen, onRename, onMove, onDelete }: Props) {
  const intl = useIntl();
  const t = (id: string, v?: Record<string, string | number>) => intl.formatMessage({ id: id as MessageId }, v);
  const dispatch = useAppDispatch();
  const { download } = useAppSelector(selectFileShare);
  const { row } = item;
  const downloading = item.kind === 'file' && download?.id === row.id ? download.percent : null;
  return (
    <tr className={`share-row share-row--${item.kind}`} data-name={row.name}>
      <td className="share-row__name">
        {item.kind === 'folder' ? (
          <button type="button" className="share-row__open" onClick={onOpen}>
            <FolderIcon size={20} className="share-row__icon share-row__icon--folder" />
            <span>{row.name}</span>
          </button>
        ) : (
          <span className="share-row__file">
            <FileIcon size={20} className="share-row__icon" />
            <span>{row.name}</span>
          </span>
        )}
      </td>
      <td className="share-row__owner" data-label={t('fileShare.owner')}>
        {row.owner?.name ?? t('fileShare.ownerGone')}
      </td>
      <td className="share-row__when" data-label={t('fileShare.modified')}>
        {when}
      </td>
      <td className="share-row__size" data-label={t('fileShare.size')}>
        {item.kind === 'file' ? formatSize(item.row.size, 1) : '—'}
      </td>
      <td className="share-row__actions">
        {item.kind === 'file' && (
          <button
            type="button"
            className="share-icon-button"
            aria-label={t('fileShare.downloadOf', { name: row.name })}
            title={t('fileShare.download')}
            aria-busy={downloading !== null || undefined}
            onClick={() => dispatch(downloadRequested({ id: row.id, name: row.name }))}
          >
            {downloading !== null ? (
              <span className="share-icon-button__percent">{downloading}%</span>
            ) : (
              <DownloadIcon />
            )}
          </button>
        )}
        {row.canEdit && (
          <>
            <button
              type="button"
              className="share-icon-button"
              aria-label={t('fileShare.renameOf', { name: row.name })}
              title={t('fileShare.rename')}
              onClick={onRename}
            >
              <PencilIcon />
            </button>
            <button
              type="button"
              className="share-icon-button"
              aria-label={t('fileShare.moveOf', { name: row.name })}
              title={t('fileShare.move')}
              onClick={onMove}
            >
              <MoveIcon />
            </button>
            <button
              type="button"
              className="share-icon-button share-icon-button--danger"
              aria-label={t('fileShare.deleteOf', { name: row.name })}
              title={t('fileShare.delete')}
              onClick={onDelete}
            >
              <TrashIcon />
            </button>
          </>
        )}
      </td>
    </tr>
  );
}
