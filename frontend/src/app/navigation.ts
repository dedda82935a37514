/**
 * A bridge between non-React code (the request layer) and the router: the router registers its navigate
 * function and reports the current path; without a router the browser location is used.
 */
type TNavigate = (path: string, options?: { replace?: boolean }) => void;

let navigator: TNavigate | null = null;
let currentPath: string | null = null;

export function registerNavigator(navigate: TNavigate | null): void {
  navigator = navigate;
}

export function reportCurrentPath(path: string | null): void {
  currentPath = path;
}

export function getCurrentPath(): string {
  return currentPath ?? window.location.pathname;
}

export function navigateTo(path: string, options?: { replace?: boolean }): void {
  if (navigator) navigator(path, options);
  else window.location.assign(path);
}
