import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { buttonClassName, useDocumentTitle } from '@tsudoi/ui/controls';

/**
 * A floor that does not exist or is out of reach (the server answers the
 * same 404 for both): the status and message of the error page (spec §8.2),
 * inside the signed-in layout, with a way back to the floors.
 */
export function FloorNotFound({ status, message }: { status: number; message: string }) {
  const intl = useIntl();
  useDocumentTitle(String(status));
  return (
    <div className="page page--narrow">
      <section className="card floor-missing" data-status={status}>
        <p className="floor-missing__status" aria-hidden="true">
          {status || '!'}
        </p>
        <h1 className="floor-missing__message">
          <span className="visually-hidden">{status} </span>
          {message}
        </h1>
        <p className="floor-missing__hint">{intl.formatMessage({ id: 'floors.missing.hint' })}</p>
        <Link className={buttonClassName('primary')} to="/floors">
          {intl.formatMessage({ id: 'floors.missing.back' })}
        </Link>
      </section>
    </div>
  );
}
