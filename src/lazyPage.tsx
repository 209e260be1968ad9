import { lazy, Suspense, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import { Splash } from './Splash.tsx';

/**
 * A page as a chunk of its own, fetched the first time it is shown (the splash meanwhile), so the
 * first visit (the sign-in page) loads only what it needs. `name` is the module's named export.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any page, whatever its props
export function lazyPage<M extends Record<K, ComponentType<any>>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
  fallback: ReactNode = <Splash />,
) {
  const Page = lazy(() => load().then((module) => ({ default: module[name] })));
  function LazyPage(props: ComponentProps<M[K]>) {
    return (
      <Suspense fallback={fallback}>
        <Page {...props} />
      </Suspense>
    );
  }
  LazyPage.displayName = `Lazy(${name})`;
  return LazyPage;
}

/** A part of a feature (a dialog) that the shell reaches without importing the feature: fetched when first shown, nothing meanwhile. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, whatever its props
export const lazyPart = <M extends Record<K, ComponentType<any>>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
) => lazyPage(load, name, null);
