import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { FullPageSpinner } from '../components/FullPageSpinner';
import type { TToastHostProps } from '../components/toast';
import type * as TAntdModule from './antd';

/**
 * Ant Design is not in the first download (issue 27): its theme, locale and toast host (app/antd.tsx) are a chunk
 * that the signed-out screens (plain elements) never need. `loadAntd` fetches it (main.tsx at start when a session is
 * kept; `AntdScope` for any screen that uses antd; the toast provider for the first toast); the tests hand the
 * module in at once (`provideAntd`), so nothing there waits for it.
 */
type TAntdLayer = typeof TAntdModule;
let loaded: TAntdLayer | undefined;

export const loadAntd = (): Promise<TAntdLayer> =>
  import('./antd').then((layer) => {
    loaded = layer;
    return layer;
  });

/** For the tests: the layer, imported statically. */
export function provideAntd(layer: TAntdLayer): void {
  loaded = layer;
}

export const loadToastHost = (): Promise<ComponentType<TToastHostProps>> => loadAntd().then((layer) => layer.ToastHost);
export const loadedToastHost = (): ComponentType<TToastHostProps> | undefined => loaded?.ToastHost;

const LazyTheme = lazy(() => loadAntd().then((layer) => ({ default: layer.AntdTheme })));

/**
 * Renders `children` inside antd's theme, fetching it first (a spinner meanwhile) when it is not loaded yet. Without
 * `needed` (the sign-in screens) the children are rendered as they are, with no antd.
 */
export function AntdScope({ needed = true, children }: { needed?: boolean; children: ReactNode }) {
  if (!needed) return <>{children}</>;
  const Theme = loaded?.AntdTheme;
  if (Theme) return <Theme>{children}</Theme>;
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <LazyTheme>{children}</LazyTheme>
    </Suspense>
  );
}
