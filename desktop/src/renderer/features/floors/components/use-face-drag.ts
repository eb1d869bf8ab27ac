import { useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';

/** How far (px) a press must move before it is a drag rather than a click. */
const DRAG_THRESHOLD_PX = 6;

export interface FaceDrag {
  /** Where the dragged face is drawn now (viewport px), while dragging. */
  at: { x: number; y: number } | null;
  /** The room number under the pointer while dragging (its drop target). */
  over: number | null;
  /** Handlers for my own face. */
  handlers: {
    onPointerDown(event: ReactPointerEvent<HTMLElement>): void;
    onPointerMove(event: ReactPointerEvent<HTMLElement>): void;
    onPointerUp(event: ReactPointerEvent<HTMLElement>): void;
    onPointerCancel(): void;
  };
  /** True right after a drag ended: the click that follows the release is not a click on the face. */
  consumeClick(): boolean;
}

/** The map room (its data-room number) under a viewport point, if any. */
function roomAt(x: number, y: number): number | null {
  const element = document.elementFromPoint(x, y)?.closest<HTMLElement>('[data-room]');
  const number = Number(element?.dataset.room);
  return Number.isInteger(number) && number > 0 ? number : null;
}

/**
 * My face on the map can be dragged to another room (spec §1: "move an icon
 * around a floor"): a press that moves more than a few pixels drags a copy of
 * the face, the room under it lights up, and the release there asks to move
 * (`onDrop` with its number). A press that does not move stays a click.
 * Pointer events cover mouse, pen and touch (the face has touch-action: none).
 */
export function useFaceDrag(onDrop: ((roomNumber: number) => void) | undefined): FaceDrag {
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const dragged = useRef(false);
  const [at, setAt] = useState<{ x: number; y: number } | null>(null);
  const [over, setOver] = useState<number | null>(null);

  const reset = () => {
    start.current = null;
    setAt(null);
    setOver(null);
  };

  return {
    at,
    over,
    handlers: {
      onPointerDown(event) {
        if (!onDrop || (event.pointerType === 'mouse' && event.button !== 0)) return;
        start.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
        dragged.current = false;
        event.currentTarget.setPointerCapture?.(event.pointerId);
      },
      onPointerMove(event) {
        const from = start.current;
        if (!from || from.id !== event.pointerId) return;
        const far = Math.hypot(event.clientX - from.x, event.clientY - from.y) > DRAG_THRESHOLD_PX;
        if (!dragged.current && !far) return;
        dragged.current = true;
        setAt({ x: event.clientX, y: event.clientY });
        setOver(roomAt(event.clientX, event.clientY));
      },
      onPointerUp(event) {
        const from = start.current;
        if (!from || from.id !== event.pointerId) return;
        const target = dragged.current ? roomAt(event.clientX, event.clientY) : null;
        reset();
        if (target !== null) onDrop?.(target);
      },
      onPointerCancel: reset,
    },
    consumeClick() {
      const was = dragged.current;
      dragged.current = false;
      return was;
    },
  };
}
