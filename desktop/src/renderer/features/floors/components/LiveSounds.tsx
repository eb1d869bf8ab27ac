import type { FloorType, RoomDto } from '@tsudoi/common';
import { useEffect, useRef } from 'react';
import { entrySound, movedRoom } from '../sounds/sound-rules';
import { playSound, stopSound, useSoundsMuted } from '../sounds/sounds';

export interface LiveSoundsProps {
  floorType: FloorType | null;
  rooms: readonly RoomDto[] | null;
  /** My room id on the floor (undefined before joining). */
  myRoomId: number | undefined;
  /** An invitation waits for my answer. */
  ringing: boolean;
}

/**
 * The floor's sounds (spec §4): on entering a room a knock for the rooms of
 * the knock list, the chime otherwise; the ring loops while an invitation
 * waits and stops on answer, cancel or timeout. Renders the ring state for
 * tests and assistive tools only.
 */
export function LiveSounds({ floorType, rooms, myRoomId, ringing }: LiveSoundsProps) {
  const muted = useSoundsMuted();
  const lastRoom = useRef<number | undefined>(myRoomId);

  useEffect(() => {
    const before = lastRoom.current;
    lastRoom.current = myRoomId;
    if (!movedRoom(before, myRoomId) || floorType === null) return;
    const room = rooms?.find((r) => r.id === myRoomId);
    if (room) playSound(entrySound(floorType, room.number));
  }, [myRoomId, floorType, rooms]);

  const playing = ringing && !muted;
  useEffect(() => {
    if (!playing) return;
    playSound('ring');
    return () => stopSound('ring');
  }, [playing]);

  return <span hidden data-testid="invitation-ring" data-ringing={playing ? 'on' : 'off'} />;
}
