import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import type { MessageId } from '@tsudoi/common';
import { useDocumentTitle, Button } from '@tsudoi/ui/controls';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ConfirmButton, useDetail } from '../components/Detail';
import { useAdminBase } from '../components/guards';
import { ResourceList } from '../components/ResourceList';
import { dynamicMessage, formatBytes, formatWhen } from '../format';
import { exportRequested, selectList, type Row } from '../slice';

interface StorageAnswer {
  sources: string[];
  companies: {
    companyId: number | null;
    companyName: string | null;
    bySource: Record<string, number>;
    bytes: number;
  }[];
}

/** Storage used per company, split by kind of file (the registered file sources: uploads and recordings). */
export function StoragePage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: id as MessageId });
  useDocumentTitle(t('adminConsole.storage.title'));
  const { data, error } = useDetail('/admin/storage');
  const storage = data as StorageAnswer | null;
  const base = useAdminBase();
  const label = (source: string) => dynamicMessage(intl, `adminConsole.storage.source.${source}`) ?? source;
  return (
    <section className="console-page">
      <header className="console-page__header">
        <h1 className="console-page__title">{t('adminConsole.storage.perCompany')}</h1>
      </header>
      {error && <p className="console-card console-empty console-empty--error">{error}</p>}
      {storage && (
        <div className="console-card console-table-wrap">
          <table className="console-table">
            <thead>
              <tr>
                <th>{t('adminConsole.col.company')}</th>
                {storage.sources.map((s) => (
                  <th key={s} className="console-table__wide">
                    <Link to={`${base}/storage/${s}`}>{label(s)}</Link>
                  </th>
                ))}
                <th>{t('adminConsole.col.storage')}</th>
              </tr>
            </thead>
            <tbody>
              {storage.companies.map((c) => (
                <tr key={String(c.companyId)}>
                  <td>
                    {c.companyId === null ? t('adminConsole.storage.noCompany') : (c.companyName ?? `#${c.companyId}`)}
                  </td>
                  {storage.sources.map((s) => (
                    <td key={s} className="console-table__wide">
                      {formatBytes(c.bySource[s] ?? 0)}
                    </td>
                  ))}
                  <td>
                    <strong>{formatBytes(c.bytes)}</strong>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {storage.companies.length === 0 && <p className="console-empty">{t('adminConsole.list.noResults')}</p>}
        </div>
      )}
    </section>
  );
}

/** storage/{source}: the stored files of one kind, newest first (a registered file source lists its own). */
export function StoredFilesPage() {
  const intl = useIntl();
  const { source = '' } = useParams();
  return (
    <ResourceList
      key={source}
      resource={`files-${source}`}
      title="adminConsole.storage.files"
      api={`/admin/storage/${encodeURIComponent(source)}`}
      defaultSort="createdAt"
      searchable={false}
      columns={[
        { key: 'id', label: 'adminConsole.col.id', wide: true },
        {
          key: 'name',
          label: 'adminConsole.col.name',
          render: (r) => (
            <span className="console-file-name" title={String(r.name)}>
              {String(r.name)}
            </span>
          ),
        },
        { key: 'size', label: 'adminConsole.col.size', render: (r) => formatBytes(Number(r.size)) },
        {
          key: 'companyId',
          label: 'adminConsole.col.company',
          render: (r) => (r.companyId ? `#${String(r.companyId)}` : '—'),
          wide: true,
        },
        {
          key: 'createdAt',
          label: 'adminConsole.col.createdAt',
          render: (r) => formatWhen(intl, r.createdAt),
          wide: true,
        },
        {
          key: 'actions',
          label: 'adminConsole.storage.actions',
          render: (r) => <FileActions source={source} row={r} />,
        },
      ]}
    />
  );
}

/** One stored file's download (streamed, its own name) and delete (after a confirmation; the list reloads). */
function FileActions({ source, row }: { source: string; row: Row }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const resource = `files-${source}`;
  const list = useAppSelector(selectList(resource));
  const path = `/admin/storage/${encodeURIComponent(source)}/${encodeURIComponent(String(row.id))}`;
  return (
    <div className="console-file-actions">
      <Button
        variant="secondary"
        className="console-file-actions__button"
        onClick={() => dispatch(exportRequested({ path: `${path}/download` }))}
      >
        {intl.formatMessage({ id: 'adminConsole.storage.download' })}
      </Button>
      <ConfirmButton
        label="adminConsole.storage.delete"
        className="console-file-actions__button"
        danger
        text={intl.formatMessage({ id: 'adminConsole.storage.deleteConfirm' }, { name: String(row.name) })}
        request={{
          method: 'DELETE',
          path,
          reload: [...(list ? [{ key: resource, path: list.path }] : []), { path: '/admin/storage' }],
        }}
      />
    </div>
  );
}
