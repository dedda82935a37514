import { Suspense, type ComponentType, type ReactNode } from 'react';
import { FullPageSpinner } from '../components/FullPageSpinner';
import type { TToastHostProps } from '../components/toast';
import type * as TAntdModule from './antd';

/**
 * Ant Design is not in the first download (issue 27): its theme, locale and toast host (app/antd.tsx) are a chunk
 * that the signed-out screens and the worker's frame and Home (plain elements) never need. `loadAntd` fetches it
 * (main.tsx at start when an admin's session is kept; `AntdScope` for any screen or dialog that uses antd; the toast
 * provider for the first toast); a worker's browser fetches its file after Home has settled, without running it
 * (app/idlePrefetch.ts). The tests hand the module in at once (`provideAntd`), so nothing there waits for it.
 */
type TAntdLayer = typeof TAntdModule;
let loaded: TAntdLayer | undefined;
let loading: Promise<TAntdLayer> | undefined;

/** The layer, fetched and run once (a failed fetch is tried again by the next caller). */
export const loadAntd = (): Promise<TAntdLayer> =>
  (loading ??= import('./antd').then(
    (layer) => {
      loaded = layer;
      return layer;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  ));

/** For the tests: the layer, imported statically (or undefined: not loaded yet, as at a worker's start). */
export function provideAntd(layer: TAntdLayer | undefined): void {
  loaded = layer;
  loading = layer ? Promise.resolve(layer) : undefined;
}

export const loadToastHost = (): Promise<ComponentType<TToastHostProps>> => loadAntd().then((layer) => layer.ToastHost);
export const loadedToastHost = (): ComponentType<TToastHostProps> | undefined => loaded?.ToastHost;

/**
 * antd's theme around `children`, suspending until the layer is loaded: one element type before and after. It
 * suspends by throwing the load's promise (as React.lazy does inside): React 19's `use()` of that promise left a
 * navigation (a transition) to an antd screen suspended for good once the layer had loaded (router.test.tsx).
 */
function ThemeOnceLoaded({ children }: { children: ReactNode }) {
  // Suspense's protocol: a thrown promise.
  if (!loaded) throw loadAntd();
  const Theme = loaded.AntdTheme;
  return <Theme>{children}</Theme>;
}

/**
 * Renders `children` inside antd's theme, fetching it first when it is not loaded yet (meanwhile `fallback`: the
 * full-page spinner unless told otherwise; a lazily opened dialog passes null). A screen that uses antd is wrapped in
 * it where it is routed (app/router.tsx), never the worker's frame around it (issue 27: Home and the frame are plain
 * elements and paint before antd is loaded; a scope around the frame would also remount it, and its chat socket,
 * whenever the scope changed).
 */
export function AntdScope({ fallback = <FullPageSpinner />, children }: { fallback?: ReactNode; children: ReactNode }) {
  // The same tree whether antd is loaded or not: switching from a lazy theme to the loaded one would remount the
  // screen inside (its state, its requests).
  return (
    <Suspense fallback={fallback}>
      <ThemeOnceLoaded>{children}</ThemeOnceLoaded>
    </Suspense>
  );
}
