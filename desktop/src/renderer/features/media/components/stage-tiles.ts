import type { FloorUserDto } from '@tsudoi/common';
import type { RemoteTrack } from '../media-events';
import type { TileProps } from './VideoTile';

/** The tiles of the others in my room: a screen being shared first, then each person's camera (or avatar). */
export function tilesOf(people: FloorUserDto[], myId: number, remote: RemoteTrack[], speaking: number[]): TileProps[] {
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
