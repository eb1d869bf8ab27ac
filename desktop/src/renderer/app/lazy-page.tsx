import { createElement, lazy, Suspense, type ComponentType } from 'react';

/**
 * A page that loads its own chunk on first visit (React.lazy). While the chunk comes, the layout stays and
 * the page's place is empty and marked busy (a local server answers in a few milliseconds; a spinner would
 * only flash). A chunk that no longer exists after a deploy reloads the app (services/chunk-reload.ts).
 */
export function page<P extends object>(load: () => Promise<ComponentType<P>>, name: string): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await load() }));
  function LazyPage(props: P) {
    return <Suspense fallback={<div className="lazy-page" aria-busy="true" />}>{createElement(Lazy, props)}</Suspense>;
  }
  LazyPage.displayName = `Lazy(${name})`;
  return LazyPage;
}
