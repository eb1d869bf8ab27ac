import type { MessageId } from '@tsudoi/common';
import { useEffect, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Link, Navigate, useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectCurrentUser } from '../../auth';
import { useDocumentTitle } from '@tsudoi/ui/controls';
import { FloorNotFound } from '../components/FloorNotFound';
import { useFloor } from '../components/use-floor';
import { draftFromFloor, emptyDraft, type WizardMode } from '../draft';
import { floorFormOpened } from '../form-slice';
import { Wizard } from './Wizard';
import '@tsudoi/ui/controls/page.css';
import '../components/floors.css';
import { paths } from '../../../app/paths';

const TITLE: Record<WizardMode, MessageId> = {
  create: 'floors.wizard.createTitle',
  edit: 'floors.wizard.editTitle',
  duplicate: 'floors.wizard.duplicateTitle',
};

/** /floors/create, /floors/{id}/edit and /floors/duplicate/{id}: the wizard, prefilled from the floor when there is one. */
export function FloorWizardPage({ mode }: { mode: WizardMode }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectCurrentUser);
  const params = useParams();
  const id = mode === 'create' ? 0 : Number(params.id);
  const { floor, error } = useFloor(id);
  const t = (key: MessageId) => intl.formatMessage({ id: key });
  useDocumentTitle(t(TITLE[mode]));

  useEffect(() => {
    dispatch(floorFormOpened({ floorId: mode === 'edit' ? id : null }));
  }, [mode, id, dispatch]);

  const initial = useMemo(
    () => (mode === 'create' ? emptyDraft() : floor ? draftFromFloor(floor, mode) : null),
    [mode, floor],
  );

  const mayCreate = user?.employeeRole === 'OWNER' || user?.employeeRole === 'ADMIN';
  if (mode === 'create' && !mayCreate) return <Navigate to="/floors" replace />;
  if (error) return <FloorNotFound status={error.status} message={error.message} />;
  if (floor && !floor.canManage) return <Navigate to={paths.floor(floor.id)} replace />;

  return (
    <div className="page">
      <header className="page-header">
        <div>
          <h1 className="page-header__title">{t(TITLE[mode])}</h1>
          <p className="page-header__subtitle">
            {mode === 'create' ? t('floors.wizard.createSubtitle') : (floor?.title ?? '…')}
          </p>
        </div>
        <Link className="link" to={floor ? paths.floor(floor.id) : '/floors/hosted'}>
          {t('common.cancel')}
        </Link>
      </header>
      {initial ? (
        <Wizard key={`${mode}-${floor?.id ?? 'new'}`} mode={mode} floor={floor} initial={initial} />
      ) : (
        <div className="floor-list__loading" role="status">
          <span className="button__spinner" aria-hidden="true" />
          <span>{t('common.loading')}</span>
        </div>
      )}
    </div>
  );
}
