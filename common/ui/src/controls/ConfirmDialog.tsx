import { useId, type ReactNode } from 'react';
import { Button } from './Button';
import { useModalDialog } from './use-modal-dialog';
import './dialog.css';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** Styles the confirm button as a destructive action. */
  danger?: boolean;
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** A modal question on the native <dialog>: focus is trapped, Escape and the backdrop cancel. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { open, title, children, confirmLabel, cancelLabel, danger, busy, onConfirm, onCancel } = props;
  const ref = useModalDialog(open, onCancel, { backdrop: true });
  // Several dialogs live on one page (the logout one is always mounted): each needs its own title id.
  const titleId = useId();

  return (
    <dialog ref={ref} className="dialog" aria-labelledby={titleId}>
      <div className="dialog__body">
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        {children && <div className="dialog__text">{children}</div>}
        <div className="dialog__actions">
          <Button variant="secondary" onClick={onCancel} autoFocus>
            {cancelLabel}
          </Button>
          <Button className={danger ? 'button--danger' : undefined} busy={busy} onClick={() => busy || onConfirm()}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
