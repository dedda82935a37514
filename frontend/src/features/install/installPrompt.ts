import { useSyncExternalStore } from 'react';

/** The event Chromium browsers fire when the app can be installed (not in the DOM typings). */
export interface TBeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

export interface TInstallState {
  canPrompt: boolean;
  installed: boolean;
  standalone: boolean;
}

let deferredPrompt: TBeforeInstallPromptEvent | null = null;
let state: TInstallState = { canPrompt: false, installed: false, standalone: false };
const listeners = new Set<() => void>();
let capturing = false;

function update(patch: Partial<TInstallState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

export function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || (typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches);
}

/** Called once at start, before React renders, so an early beforeinstallprompt is not missed. */
export function startInstallPromptCapture(): void {
  if (capturing) return;
  capturing = true;
  update({ standalone: isStandalone() });
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferredPrompt = event as TBeforeInstallPromptEvent;
    update({ canPrompt: true });
  });
  window.addEventListener('appinstalled', () => {
    deferredPrompt = null;
    update({ installed: true, canPrompt: false });
  });
}

/** Shows the browser's own install prompt; 'unavailable' when the browser has not offered one. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferredPrompt;
  if (!event) return 'unavailable';
  await event.prompt();
  const choice = await event.userChoice;
  deferredPrompt = null;
  update({ canPrompt: false });
  return choice.outcome;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useInstallState(): TInstallState {
  return useSyncExternalStore(subscribe, () => state);
}

export type TDevice = 'android' | 'ios' | 'unknown';

export function detectDevice(userAgent: string, maxTouchPoints = 0): TDevice {
  if (/android/i.test(userAgent)) return 'android';
  if (/iphone|ipad|ipod/i.test(userAgent)) return 'ios';
  // iPadOS presents itself as a Mac; a Mac with a touch screen is an iPad.
  if (/macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'ios';
  return 'unknown';
}
