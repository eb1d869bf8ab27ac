import type { MessageId } from '@tsudoi/common';
import { useId } from 'react';
import { useIntl } from 'react-intl';
import { Button, useModalDialog } from '@tsudoi/ui/controls';
import '@tsudoi/ui/controls/dialog.css';
import './leave-dialog.css';

export interface LeaveDialogProps {
  open: boolean;
  kind: 'presentation' | 'conference';
  onLeave(download: boolean): void;
  onStay(): void;
}

/**
 * Save-chat on leave (spec §4: leaving a room whose chat is saved offers its
 * download): download the presentation chat and leave, leave without it, or
 * stay (Escape and the backdrop stay too). Native <dialog>: focus is trapped.
 */
export function LeaveDialog({ open, kind, onLeave, onStay }: LeaveDialogProps) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const ref = useModalDialog(open, onStay, { backdrop: true });
  const titleId = useId();
  const textId = useId();

  return (
    <dialog ref={ref} className="dialog stage-leave" aria-labelledby={titleId} aria-describedby={textId}>
      <div className="dialog__body">
        <h2 id={titleId} className="dialog__title">
          {t('stage.leave.title')}
        </h2>
        <p id={textId} className="dialog__text">
          {intl.formatMessage({ id: 'stage.leave.text' }, { kind })}
        </p>
        <div className="dialog__actions stage-leave__actions">
          <Button variant="secondary" onClick={onStay}>
            {t('stage.leave.stay')}
          </Button>
          <Button variant="secondary" onClick={() => onLeave(false)}>
            {t('stage.leave.without')}
          </Button>
          <Button onClick={() => onLeave(true)} autoFocus>
            {t('stage.leave.download')}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
