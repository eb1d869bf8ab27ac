import type { MessageId } from '@tsudoi/common';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useMediaQuery } from '@tsudoi/ui/controls';
import { selectLiveFloor } from '../../floors/live-slice';
import { HostMediaMenu } from '../requests';
import { cameraToggled, micToggled, screenToggled, selectMedia } from '../media-slice';
import { EffectsMenu } from '../effects/components/EffectsMenu';
import { effectChosen, selectCameraEffect } from '../effects/effects-slice';
import { BackgroundPicker, effectBackgroundOf, pickerOpened, uploadedIdOf } from '../../virtual-backgrounds';
import { storedUploadedBackgroundId } from '../effects';
import { RecordingControl } from '../../recordings';
import { DeviceMenu } from './DeviceMenu';
import { CameraIcon, FoldIcon, GridIcon, MicIcon, ScreenIcon } from './media-icons';
import { tilesOf } from './stage-tiles';
import { offersScreenShare, PHONE_QUERY, useStageView } from './use-stage-view';
import { VideoTile, type TileProps } from './VideoTile';
import './media.css';
import './devices.css';

/**
 * The people in my room by camera and microphone, above the floor map, with
 * my microphone, camera and screen toggles. A strip of small tiles by default
 * so the map stays in view; the tiles can grow or be hidden (use-stage-view).
 * A no-WebRTC room says that cameras and microphones are off there.
 */
export function MediaStage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const live = useAppSelector(selectLiveFloor);
  // an uploaded background kept as the effect from the last visit: load my list so it can be chosen again
  useEffect(() => {
    if (storedUploadedBackgroundId()) dispatch(pickerOpened({ floorId: live.floorId }));
  }, [dispatch, live.floorId]);
  const effect = useAppSelector(selectCameraEffect);
  const media = useAppSelector(selectMedia);
  const phone = useMediaQuery(PHONE_QUERY);
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const myId = live.me?.userId ?? null;
  const people = useMemo(
    () =>
      Object.values(live.users)
        .filter((u) => u.roomId === media.roomId && u.connected)
        .sort((a, b) => a.name.localeCompare(b.name)),
    [live.users, media.roomId],
  );
  const sharedScreen = media.remote.find((r) => r.source === 'screen'); // remote tracks are of my room only
  const [view, setView] = useStageView(sharedScreen ? sharedScreen.consumerId : null);
  if (media.status === 'idle' || myId === null) return null;
  const me = live.users[myId];
  if (media.status === 'noMedia' || media.status === 'unsupported')
    return (
      <p className="media-notice" role="status">
        <CameraIcon size={18} off />
        {t(media.status === 'noMedia' ? 'media.status.noMedia' : 'errors.BROWSER_NOT_SUPPORTED')}
      </p>
    );
  const tiles = tilesOf(people, myId, media.remote, media.speaking).map((tile) => ({
    ...tile,
    sinkId: media.selected.speaker,
  }));
  const local: TileProps = {
    userId: myId,
    name: me?.name ?? '',
    avatarImageUrl: me?.avatarImageUrl ?? null,
    videoTrackId: media.camera ? media.local.camera : null,
    audioTrackId: null,
    micOn: media.mic && media.local.mic !== null,
    speaking: media.mic && media.local.mic !== null && media.speaking.includes(myId),
    local: true,
  };
  const localScreen = media.local.screen
    ? [{ ...local, videoTrackId: media.local.screen, screen: true } satisfies TileProps]
    : [];
  const all = [...localScreen, local, ...tiles];
  // spec: screen sharing is for desktops; one already sharing keeps the button to stop
  const offerShare = offersScreenShare(phone, media.screen);
  const toggle = (label: MessageId, pressed: boolean, onClick: () => void, icon: ReactNode, extra = '') => (
    <button type="button" className={`media-button${extra}`} aria-pressed={pressed} title={t(label)} onClick={onClick}>
      {icon}
      <span>{t(label)}</span>
    </button>
  );
  return (
    <section className="media-stage" aria-label={t('media.stage.label')} data-status={media.status} data-view={view}>
      {/* hidden stays mounted: the audio plays on, hidden videos pause (use-tile-view) */}
      <div className={`media-stage__grid media-stage__grid--${Math.min(all.length, 4)}`} hidden={view === 'hidden'}>
        {all.map((tile) => (
          <VideoTile key={`${tile.userId}:${tile.screen ? 'screen' : 'camera'}`} {...tile} />
        ))}
      </div>
      <div className="media-controls" role="toolbar" aria-label={t('media.controls.label')}>
        {media.status === 'connecting' && (
          <span className="media-controls__status" role="status">
            <span className="button__spinner" aria-hidden="true" />
            <span className="media-controls__status-text">{t('media.status.connecting')}</span>
          </span>
        )}
        {view === 'hidden' && (
          <span className="media-controls__summary">{t('media.stage.hiddenSummary', { count: all.length })}</span>
        )}
        {toggle(
          media.mic ? 'media.controls.micOn' : 'media.controls.micOff',
          media.mic,
          () => dispatch(micToggled()),
          <MicIcon off={!media.mic} />,
          media.mic ? '' : ' media-button--off',
        )}
        {toggle(
          media.camera ? 'media.controls.cameraOn' : 'media.controls.cameraOff',
          media.camera,
          () => dispatch(cameraToggled()),
          <CameraIcon off={!media.camera} />,
          media.camera ? '' : ' media-button--off',
        )}
        {offerShare &&
          toggle(
            media.screen ? 'media.controls.stopShare' : 'media.controls.share',
            media.screen,
            () => dispatch(screenToggled()),
            <ScreenIcon />,
            media.screen ? ' media-button--active' : '',
          )}
        <RecordingControl offerStart={!phone} />
        {live.me?.canManage && <HostMediaMenu />}
        <EffectsMenu cameraOn={media.camera}>
          {/* my uploaded backgrounds (a guest's: their floor's guest session), chosen like the built-in ones */}
          <BackgroundPicker
            compact
            floorId={live.floorId}
            selectedId={uploadedIdOf((effect.pending ?? effect.current).background?.id)}
            onSelect={(picked) =>
              dispatch(effectChosen({ mode: 'background', background: effectBackgroundOf(picked) }))
            }
          />
        </EffectsMenu>
        <DeviceMenu />
        <span className="media-controls__divider" aria-hidden="true" />
        {view !== 'hidden' &&
          toggle(
            view === 'grid' ? 'media.stage.shrink' : 'media.stage.enlarge',
            view === 'grid',
            () => setView(view === 'grid' ? 'strip' : 'grid'),
            <GridIcon large={view === 'grid'} />,
            ' media-button--view',
          )}
        {toggle(
          view === 'hidden' ? 'media.stage.show' : 'media.stage.hide',
          view === 'hidden',
          () => setView(view === 'hidden' ? 'strip' : 'hidden'),
          <FoldIcon open={view === 'hidden'} />,
          ' media-button--view',
        )}
      </div>
    </section>
  );
}
