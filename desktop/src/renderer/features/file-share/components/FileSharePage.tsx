import { DEFAULT_TIME_ZONE } from '@tsudoi/common';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { CompanyFileDto, CompanyFolderDto, MessageId } from '@tsudoi/common';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Button, ConfirmDialog, useDocumentTitle } from '@tsudoi/ui/controls';
import { formatSize } from '../../chat/format-size';
import { changeRequested, folderOpened, selectFileShare, uploadRequested } from '../slice';
import { ShareDialog, type ShareDraft } from './ShareDialogs';
import { ShareRow } from './ShareRow';
import { UploadList } from './UploadList';
import { FolderIcon, UploadIcon } from './share-icons';
import '@tsudoi/ui/controls/page.css';
import './file-share.css';

type Doomed = { item: 'file' | 'folder'; id: number; name: string; at: number } | null;

/**
 * The company file share (spec §2 file share, §3 File or folder): the open
 * folder's folders and files with owner, modified and size; new folder,
 * upload with progress, download, rename, move and delete. Members of a team
 * only (the user menu shows it to them).
 */
export function FileSharePage() {
  const intl = useIntl();
  const t = (id: string, v?: Record<string, string | number>) => intl.formatMessage({ id: id as MessageId }, v);
  useDocumentTitle(t('fileShare.title'));
  const dispatch = useAppDispatch();
  const { folderId, list, loading, error, saving, saves } = useAppSelector(selectFileShare);
  const [draft, setDraft] = useState<ShareDraft | null>(null);
  const [doomed, setDoomed] = useState<Doomed>(null);
  const picker = useRef<HTMLInputElement>(null);
  const closeDraft = useCallback(() => setDraft(null), []);
  useEffect(() => {
    dispatch(folderOpened(null));
  }, [dispatch]);
  // the question closes once a change went through (the count of saves moved on)
  const asking = doomed !== null && doomed.at === saves ? doomed : null;
  const open = (id: number | null) => dispatch(folderOpened(id));
  const current = list;
  const empty = current && current.folders.length === 0 && current.files.length === 0;
  // Japan time, as every time of the product (not the browser's zone)
  const when = (iso: string) =>
    intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short', timeZone: DEFAULT_TIME_ZONE });

  return (
    <div className="page share-page" data-folder={folderId ?? 'root'}>
      <header className="page-header">
        <div>
          <h1 className="page-header__title">{t('fileShare.title')}</h1>
          <p className="page-header__subtitle">
            {current
              ? t('fileShare.usage', {
                  used: formatSize(current.storage.usedBytes, 1),
                  quota: formatSize(current.storage.quotaBytes, 1),
                })
              : t('fileShare.subtitle')}
          </p>
        </div>
        <div className="share-page__actions">
          <Button variant="secondary" onClick={() => setDraft({ kind: 'newFolder', parentId: folderId })}>
            <FolderIcon size={18} /> {t('fileShare.newFolder')}
          </Button>
          <Button onClick={() => picker.current?.click()}>
            <UploadIcon size={18} /> {t('fileShare.upload')}
          </Button>
          <input
            ref={picker}
            type="file"
            multiple
            hidden
            data-testid="share-file-input"
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              if (files.length) dispatch(uploadRequested({ files }));
              e.target.value = '';
            }}
          />
        </div>
      </header>

      <nav className="share-crumbs" aria-label={t('fileShare.path')}>
        <ol>
          <li>
            {folderId === null ? (
              <span aria-current="page">{t('fileShare.top')}</span>
            ) : (
              <button type="button" className="share-crumbs__link" onClick={() => open(null)}>
                {t('fileShare.top')}
              </button>
            )}
          </li>
          {current?.path.map((p, i) => (
            <li key={p.id}>
              {i === current.path.length - 1 ? (
                <span aria-current="page">{p.name}</span>
              ) : (
                <button type="button" className="share-crumbs__link" onClick={() => open(p.id)}>
                  {p.name}
                </button>
              )}
            </li>
          ))}
        </ol>
      </nav>

      <UploadList />

      <section className="card share-card" aria-busy={loading || undefined}>
        {error && (
          <p className="share-empty" role="alert">
            {error}
          </p>
        )}
        {!error && !current && (
          <p className="share-empty" role="status">
            <span className="button__spinner" aria-hidden="true" /> {t('common.loading')}
          </p>
        )}
        {!error && empty && (
          <div className="share-empty">
            <p className="card__title">{t('fileShare.emptyTitle')}</p>
            <p className="card__note">{t('fileShare.emptyHint')}</p>
          </div>
        )}
        {!error && current && !empty && (
          <table className="share-table">
            <thead>
              <tr>
                <th scope="col">{t('fileShare.name')}</th>
                <th scope="col">{t('fileShare.owner')}</th>
                <th scope="col">{t('fileShare.modified')}</th>
                <th scope="col">{t('fileShare.size')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('fileShare.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {current.folders.map((f: CompanyFolderDto) => (
                <ShareRow
                  key={`d${f.id}`}
                  item={{ kind: 'folder', row: f }}
                  when={when(f.updatedAt)}
                  onOpen={() => open(f.id)}
                  onRename={() => setDraft({ kind: 'rename', item: 'folder', id: f.id, name: f.name })}
                  onMove={() => setDraft({ kind: 'move', item: 'folder', id: f.id, name: f.name, from: f.parentId })}
                  onDelete={() => setDoomed({ item: 'folder', id: f.id, name: f.name, at: saves })}
                />
              ))}
              {current.files.map((f: CompanyFileDto) => (
                <ShareRow
                  key={`f${f.id}`}
                  item={{ kind: 'file', row: f }}
                  when={when(f.updatedAt)}
                  onRename={() => setDraft({ kind: 'rename', item: 'file', id: f.id, name: f.name })}
                  onMove={() => setDraft({ kind: 'move', item: 'file', id: f.id, name: f.name, from: f.folderId })}
                  onDelete={() => setDoomed({ item: 'file', id: f.id, name: f.name, at: saves })}
                />
              ))}
            </tbody>
          </table>
        )}
      </section>

      <ShareDialog draft={draft} allFolders={current?.allFolders ?? []} onClose={closeDraft} />
      <ConfirmDialog
        open={asking !== null}
        title={
          asking
            ? t(asking.item === 'file' ? 'fileShare.deleteFileTitle' : 'fileShare.deleteFolderTitle', {
                name: asking.name,
              })
            : ''
        }
        confirmLabel={t('fileShare.delete')}
        cancelLabel={t('common.cancel')}
        danger
        busy={saving}
        onCancel={() => setDoomed(null)}
        onConfirm={() =>
          asking &&
          dispatch(
            changeRequested(
              asking.item === 'file' ? { kind: 'removeFile', id: asking.id } : { kind: 'removeFolder', id: asking.id },
            ),
          )
        }
      >
        {asking && t(asking.item === 'file' ? 'fileShare.deleteFileText' : 'fileShare.deleteFolderText')}
      </ConfirmDialog>
    </div>
  );
}
