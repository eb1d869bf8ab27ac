import { createElement, lazy, Suspense, type ComponentType } from 'react';
import { chunkRecoveryPending } from '@tsudoi/ui/api';

/**
 * A page that loads its own chunk on first visit (React.lazy). While the chunk comes, the layout stays and
 * the page's place is empty and marked busy (a local server answers in a few milliseconds; a spinner would
 * only flash). A chunk that no longer exists after a deploy reloads the app; one that could not be fetched
 * because the server is away keeps the place busy until the server is back, then reloads
 * (@tsudoi/ui/api chunk-reload.ts).
 */
export function page<P extends object>(load: () => Promise<ComponentType<P>>, name: string): ComponentType<P> {
  const Lazy = lazy(async () => {
    try {
      return { default: await load() };
    } catch (error) {
      // the server is away: the page's place stays busy until the app reloads when it is back
      if (chunkRecoveryPending()) return new Promise<never>(() => undefined);
      throw error;
    }
  });
  function LazyPage(props: P) {
    return <Suspense fallback={<div className="lazy-page" aria-busy="true" />}>{createElement(Lazy, props)}</Suspense>;
  }
  LazyPage.displayName = `Lazy(${name})`;
  return LazyPage;
}
