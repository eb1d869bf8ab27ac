import type { FloorDto, MessageId } from '@tsudoi/common';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import { selectLocale } from '@tsudoi/ui/i18n';
import { formatJapanRange } from '../time';
import { FloorImage } from './FloorImage';
import { FloorStatusBadge } from './FloorStatusBadge';
import { paths } from '../../../app/paths';

export interface FloorCardProps {
  floor: FloorDto;
  /** Shows edit, duplicate and delete (my floors). */
  manage?: boolean;
  deleting?: boolean;
  onDelete?(floor: FloorDto): void;
}

/** One floor in a list: picture, status, title, catchcopy, Japan-time range; the whole card opens it. */
export function FloorCard({ floor, manage = false, deleting = false, onDelete }: FloorCardProps) {
  const intl = useIntl();
  const locale = useAppSelector(selectLocale);
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const range = formatJapanRange(floor.startAt, floor.endAt, locale);

  return (
    <article className="floor-card" data-floor-id={floor.id} aria-busy={deleting || undefined}>
      <FloorImage src={floor.imageUrl} title={floor.title} className="floor-card__image" />
      <div className="floor-card__body">
        <div className="floor-card__meta">
          <FloorStatusBadge floor={floor} />
          {floor.privacy === 'private' && <span className="badge">{t('floors.privacy.private')}</span>}
        </div>
        <h3 className="floor-card__title">
          <Link className="floor-card__link" to={paths.floor(floor.id)}>
            {floor.title}
          </Link>
        </h3>
        {floor.catchcopy && <p className="floor-card__catchcopy">{floor.catchcopy}</p>}
        <p className="floor-card__time">{range ? t('floors.time.range', { range }) : t('floors.time.permanent')}</p>
        <p className="floor-card__people">{t('floors.card.participants', { count: floor.numberOfParticipants })}</p>
      </div>
      {manage && floor.canManage && (
        <div className="floor-card__actions">
          <Link className="floor-card__action" to={paths.floorEdit(floor.id)}>
            {t('floors.actions.edit')}
            <span className="visually-hidden">: {floor.title}</span>
          </Link>
          <Link className="floor-card__action" to={`/floors/duplicate/${floor.id}`}>
            {t('floors.actions.duplicate')}
            <span className="visually-hidden">: {floor.title}</span>
          </Link>
          <button
            type="button"
            className="floor-card__action floor-card__action--danger"
            disabled={deleting}
            onClick={() => onDelete?.(floor)}
          >
            {t('floors.actions.delete')}
            <span className="visually-hidden">: {floor.title}</span>
          </button>
        </div>
      )}
    </article>
  );
}
