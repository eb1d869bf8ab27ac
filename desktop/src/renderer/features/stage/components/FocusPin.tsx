import type { MessageId, PresentationDto } from '@tsudoi/common';
import { useIntl } from 'react-intl';
import { useAppDispatch } from '../../../app/hooks';
import type { TileProps } from '../../media/components/VideoTile';
import { viewRequested } from '../stage-slice';

/** A tile's source as the server names it. */
export const sourceOf = (tile: TileProps) => (tile.screen ? 'screen' : 'camera');

/** The tile the host shows large for everyone, when it is on screen here. */
export const pinnedTile = (presentation: PresentationDto, tiles: TileProps[]) => {
  const pin = presentation.focused;
  return pin ? tiles.find((x) => x.userId === pin.userId && sourceOf(x) === pin.source) : undefined;
};

/**
 * The host's pin on a speaker's tile (spec §3 presentationFocusedContributorId):
 * on a strip tile it shows that camera or screen large for everyone; on the
 * large tile it gives the choice back to each client. Everyone else sees a
 * note on the large tile while the host has picked it.
 */
export function FocusPin({ tile, pinned, isHost }: { tile: TileProps; pinned: boolean; isHost: boolean }) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const t = (id: MessageId, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  if (!isHost) return pinned ? <span className="presentation__pinned">{t('stage.focus.pinned')}</span> : null;
  return pinned ? (
    <button
      type="button"
      className="presentation__pin presentation__pin--on"
      aria-pressed
      onClick={() => dispatch(viewRequested({ focused: null }))}
    >
      {t('stage.focus.unpin')}
    </button>
  ) : (
    <button
      type="button"
      className="presentation__pin"
      aria-label={t('stage.focus.pinOf', { name: tile.name })}
      onClick={() => dispatch(viewRequested({ focused: { userId: tile.userId, source: sourceOf(tile) } }))}
    >
      {t('stage.focus.pin')}
    </button>
  );
}
