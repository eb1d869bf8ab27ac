import { avatarColour } from '@tsudoi/common';
import { useRef } from 'react';
import { useIntl } from 'react-intl';
import { Avatar } from '@tsudoi/ui/controls';
import { MicIcon, ScreenIcon } from './media-icons';
import { useMediaElement, useTrack } from './use-track';
import { useTileView } from './use-tile-view';

export interface TileProps {
  userId: number;
  name: string;
  avatarImageUrl: string | null;
  videoTrackId: string | null;
  /** The consumer of the remote video (its tile's size and visibility steer it). */
  videoConsumerId?: string | null;
  audioTrackId: string | null;
  micOn: boolean;
  local?: boolean;
  screen?: boolean;
  /** Their microphone is loud enough now (a ring round the tile). */
  speaking?: boolean;
  /** The chosen speaker for the remote audio (setSinkId), when the browser can. */
  sinkId?: string | null;
}

/** One person's tile: their video (or their avatar with the camera off), their name and mic state; remote audio plays here. */
export function VideoTile({
  userId,
  name,
  avatarImageUrl,
  videoTrackId,
  audioTrackId,
  micOn,
  local,
  screen,
  speaking,
  videoConsumerId,
  sinkId,
}: TileProps) {
  const intl = useIntl();
  const video = useTrack(videoTrackId);
  const audio = useTrack(audioTrackId);
  const videoRef = useMediaElement<HTMLVideoElement>(video);
  const audioRef = useMediaElement<HTMLAudioElement>(local ? undefined : audio, sinkId);
  const figureRef = useRef<HTMLElement>(null);
  useTileView(figureRef, local ? null : videoConsumerId);
  const label = local ? intl.formatMessage({ id: 'media.tile.you' }, { name }) : name;
  const classes = [
    'media-tile',
    local && 'media-tile--local',
    screen && 'media-tile--screen',
    video && 'media-tile--video',
    speaking && !screen && 'media-tile--speaking',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <figure
      ref={figureRef}
      className={classes}
      data-user-id={userId}
      data-source={screen ? 'screen' : 'camera'}
      data-video={video ? 'on' : 'off'}
      data-speaking={speaking && !screen ? 'true' : undefined}
      title={speaking && !screen ? intl.formatMessage({ id: 'media.tile.speaking' }) : undefined}
      aria-label={label}
    >
      <video ref={videoRef} className="media-tile__video" autoPlay playsInline muted hidden={!video} />
      {!video && (
        <div className="media-tile__placeholder">
          <Avatar name={name} imageUrl={avatarImageUrl} color={avatarColour(name)} size={64} />
        </div>
      )}
      {!local && !screen && <audio ref={audioRef} autoPlay />}
      <figcaption className="media-tile__caption">
        {screen ? (
          <span className="media-tile__badge">
            <ScreenIcon size={14} />
          </span>
        ) : (
          <span
            className={`media-tile__mic${micOn ? '' : ' media-tile__mic--off'}`}
            title={intl.formatMessage({ id: micOn ? 'media.tile.micOn' : 'media.tile.micOff' })}
          >
            <MicIcon size={14} off={!micOn} />
          </span>
        )}
        <span className="media-tile__name">
          {screen ? intl.formatMessage({ id: 'media.tile.screenOf' }, { name }) : label}
        </span>
      </figcaption>
    </figure>
  );
}
