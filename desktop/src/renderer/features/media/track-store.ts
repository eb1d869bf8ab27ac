/**
 * MediaStreamTracks live outside the redux store (they are not data): the
 * store keeps their ids and components read the tracks from here.
 */
const tracks = new Map<string, MediaStreamTrack>();
const listeners = new Set<() => void>();
let version = 0;

const changed = () => {
  version += 1;
  for (const listener of listeners) listener();
};

export const trackStore = {
  add(track: MediaStreamTrack): string {
    tracks.set(track.id, track);
    changed();
    return track.id;
  },
  remove(id: string | null | undefined): void {
    if (id && tracks.delete(id)) changed();
  },
  get(id: string | null | undefined): MediaStreamTrack | undefined {
    return id ? tracks.get(id) : undefined;
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  version: () => version,
};
