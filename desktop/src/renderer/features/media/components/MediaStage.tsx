import type { FloorUserDto, MessageId } from '@tsudoi/common';
import { useEffect, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectLiveFloor } from '../../floors/live-slice';
import { HostMediaMenu } from '../requests';
import { cameraToggled, micToggled, screenToggled, selectMedia } from '../media-slice';
import type { RemoteTrack } from '../media-events';
import { EffectsMenu } from '../effects/components/EffectsMenu';
import { effectChosen, selectCameraEffect } from '../effects/effects-slice';
import { BackgroundPicker, effectBackgroundOf, pickerOpened, uploadedIdOf } from '../../virtual-backgrounds';
import { storedUploadedBackgroundId } from '../effects';
import { DeviceMenu } from './DeviceMenu';
import { CameraIcon, MicIcon, ScreenIcon } from './media-icons';
import { VideoTile, type TileProps } from './VideoTile';
import './media.css';
import './devices.css';

const canShareScreen = () => typeof navigator !== 'undefined' && !!navigator.mediaDevices?.getDisplayMedia;

function tilesOf(people: FloorUserDto[], myId: number, remote: RemoteTrack[], speaking: number[]): TileProps[] {
  const tiles: TileProps[] = [];
  for (const person of people) {
    if (person.userId === myId) continue;
    const mine = remote.filter((r) => r.userId === person.userId);
    const audio = mine.find((r) => r.source === 'mic');
    const camera = mine.find((r) => r.source === 'camera');
    tiles.push({
      userId: person.userId,
      name: person.name,
      avatarImageUrl: person.avatarImageUrl,
      videoTrackId: camera?.trackId ?? null,
      videoConsumerId: camera?.consumerId ?? null,
      audioTrackId: audio?.trackId ?? null,
      micOn: !!audio,
      speaking: !!audio && speaking.includes(person.userId),
    });
    const screen = mine.find((r) => r.source === 'screen');
    if (screen)
      tiles.unshift({
        ...tiles.at(-1)!,
        videoTrackId: screen.trackId,
        videoConsumerId: screen.consumerId,
        audioTrackId: null,
        screen: true,
      });
  }
  return tiles;
}

/**
 * The people in my room by camera and microphone, above the floor map, with
 * my microphone, camera and screen toggles. Shown while my room carries
 * media; a no-WebRTC room says that cameras and microphones are off there.
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
  const t = (id: MessageId) => intl.formatMessage({ id });
  const myId = live.me?.userId ?? null;
  const people = useMemo(
    () =>
      Object.values(live.users)
        .filter((u) => u.roomId === media.roomId && u.connected)
        .sort((a, b) => a.name.localeCompare(b.name)),
    [live.users, media.roomId],
  );
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
  return (
    <section className="media-stage" aria-label={t('media.stage.label')} data-status={media.status}>
      <div className={`media-stage__grid media-stage__grid--${Math.min(all.length, 4)}`}>
        {all.map((tile) => (
          <VideoTile key={`${tile.userId}:${tile.screen ? 'screen' : 'camera'}`} {...tile} />
        ))}
      </div>
      <div className="media-controls" role="toolbar" aria-label={t('media.controls.label')}>
        {media.status === 'connecting' && (
          <span className="media-controls__status" role="status">
            <span className="button__spinner" aria-hidden="true" />
            {t('media.status.connecting')}
          </span>
        )}
        <button
          type="button"
          className={`media-button${media.mic ? '' : ' media-button--off'}`}
          aria-pressed={media.mic}
          onClick={() => dispatch(micToggled())}
        >
          <MicIcon off={!media.mic} />
          <span>{t(media.mic ? 'media.controls.micOn' : 'media.controls.micOff')}</span>
        </button>
        <button
          type="button"
          className={`media-button${media.camera ? '' : ' media-button--off'}`}
          aria-pressed={media.camera}
          onClick={() => dispatch(cameraToggled())}
        >
          <CameraIcon off={!media.camera} />
          <span>{t(media.camera ? 'media.controls.cameraOn' : 'media.controls.cameraOff')}</span>
        </button>
        {canShareScreen() && (
          <button
            type="button"
            className={`media-button${media.screen ? ' media-button--active' : ''}`}
            aria-pressed={media.screen}
            onClick={() => dispatch(screenToggled())}
          >
            <ScreenIcon />
            <span>{t(media.screen ? 'media.controls.stopShare' : 'media.controls.share')}</span>
          </button>
        )}
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
      </div>
    </section>
  );
}
