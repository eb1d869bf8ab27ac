import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { CompanyFileDto, CompanyFolderDto, MessageId } from '@tsudoi/common';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { formatSize } from '../../chat/format-size';
import { downloadRequested, selectFileShare } from '../slice';
import { DownloadIcon, FileIcon, FolderIcon, MoveIcon, PencilIcon, TrashIcon } from './share-icons';

type Action = 'download' | 'rename' | 'move' | 'delete';

interface RowActionProps {
  action: Action;
  /** The row's name, for the button's accessible name ("Rename report.pdf"). */
  name: string;
  danger?: boolean;
  busy?: boolean;
  onClick?(): void;
  children: ReactNode;
}

/** One icon button of a row: its label names the row, its tooltip the action. */
function RowAction({ action, name, danger, busy, onClick, children }: RowActionProps) {
  const intl = useIntl();
  return (
    <button
      type="button"
      className={`share-icon-button${danger ? ' share-icon-button--danger' : ''}`}
      aria-label={intl.formatMessage({ id: `fileShare.${action}Of` }, { name })}
      title={intl.formatMessage({ id: `fileShare.${action}` })}
      aria-busy={busy || undefined}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

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
  const editActions: { action: Action; Icon: typeof PencilIcon; onClick(): void; danger?: boolean }[] = [
    { action: 'rename', Icon: PencilIcon, onClick: onRename },
    { action: 'move', Icon: MoveIcon, onClick: onMove },
    { action: 'delete', Icon: TrashIcon, onClick: onDelete, danger: true },
  ];
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
          <RowAction
            action="download"
            name={row.name}
            busy={downloading !== null}
            onClick={() => dispatch(downloadRequested({ id: row.id, name: row.name }))}
          >
            {downloading !== null ? (
              <span className="share-icon-button__percent">{downloading}%</span>
            ) : (
              <DownloadIcon />
            )}
          </RowAction>
        )}
        {row.canEdit &&
          editActions.map(({ action, Icon, onClick, danger }) => (
            <RowAction key={action} action={action} name={row.name} danger={danger} onClick={onClick}>
              <Icon />
            </RowAction>
          ))}
      </td>
    </tr>
  );
}
