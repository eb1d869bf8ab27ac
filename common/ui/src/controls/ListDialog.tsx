import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useModalDialog } from './use-modal-dialog';
import './dialog.css';

export interface ListDialogProps<T> {
  open: boolean;
  /** The BEM block of the dialog: it names the classes (`block__list`, `block__note`, …) and the title id. */
  block: string;
  title: string;
  /** A paragraph under the title. */
  intro?: string;
  error: string | null;
  loading: boolean;
  /** Shows a spinner beside the loading text. */
  spinner?: boolean;
  items: readonly T[];
  /** The text shown instead of an empty list. */
  empty: string;
  /** `ol` for a list whose order means something (a timetable), `ul` otherwise. */
  ordered?: boolean;
  renderItem(item: T): ReactNode;
  /** What follows the list: a form, the actions. */
  children: ReactNode;
  onClose(): void;
}

/**
 * A modal list on the native <dialog> (today's events, the participant editor):
 * a title, an error line, the loading note, the empty note or the list, then the
 * dialog's own footer. Escape closes it through `onClose`.
 */
export function ListDialog<T>(props: ListDialogProps<T>) {
  const { open, block, title, intro, error, loading, spinner, items, empty, ordered, renderItem, children, onClose } =
    props;
  const intl = useIntl();
  const ref = useModalDialog(open, onClose);
  const titleId = `${block}-title`;
  const List = ordered ? 'ol' : 'ul';

  return (
    <dialog ref={ref} className={`dialog ${block}`} aria-labelledby={titleId}>
      <div className="dialog__body">
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        {intro && <p className="dialog__text">{intro}</p>}
        {error && (
          <p className={`${block}__error`} role="alert">
            {error}
          </p>
        )}
        {loading ? (
          <p role="status" className={`${block}__note`}>
            {spinner && <span className="button__spinner" aria-hidden="true" />}
            {spinner && ' '}
            {intl.formatMessage({ id: 'common.loading' })}
          </p>
        ) : items.length === 0 ? (
          <p className={`${block}__note`}>{empty}</p>
        ) : (
          <List className={`${block}__list`}>{items.map(renderItem)}</List>
        )}
        {children}
      </div>
    </dialog>
  );
}
