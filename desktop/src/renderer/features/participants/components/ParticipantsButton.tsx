import { useIntl } from 'react-intl';
import { useAppDispatch } from '../../../app/hooks';
import { RoundButton } from '@tsudoi/ui/controls';
import { participantsOpened } from '../slice';

/** The live floor header's way to the participant list and permission editor (hosts and subhosts only). */
export function ParticipantsButton({ floorId, canManage }: { floorId: number; canManage: boolean }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  if (!canManage) return null;
  return (
    <RoundButton
      label={intl.formatMessage({ id: 'participants.editor.open' })}
      onClick={() => dispatch(participantsOpened(floorId))}
    >
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c.8-3.5 3.4-5.5 6.5-5.5s5.7 2 6.5 5.5" />
      <path d="M16 4.5a3.5 3.5 0 0 1 0 7M18 14.8c1.9.8 3.1 2.6 3.5 5.2" />
    </RoundButton>
  );
}
