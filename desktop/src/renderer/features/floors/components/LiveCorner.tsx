import { createContext, useContext, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import './live-corner.css';

const Corner = createContext<HTMLElement | null>(null);

/**
 * The live page's corner for what floats over the floor: knocks and
 * reminders, room invitations, the host's media requests and notices. One
 * column at the bottom right, so that they stack instead of covering each
 * other, the page's header and tools, or the guest lounges a knock is about
 * (the map's bottom left).
 */
export function LiveCorner({ children }: { children: ReactNode }) {
  const [corner, setCorner] = useState<HTMLElement | null>(null);
  return (
    <Corner.Provider value={corner}>
      {children}
      <div ref={setCorner} className="live-corner" />
    </Corner.Provider>
  );
}

/** Shows `children` in the live page's corner; outside a live page, where it stands (its own fixed place). */
export function InCorner({ children }: { children: ReactNode }) {
  const corner = useContext(Corner);
  return corner ? createPortal(children, corner) : children;
}
