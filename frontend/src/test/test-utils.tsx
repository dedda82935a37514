import type { TUser } from '@platform/contracts';
import { render, screen, within, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { vi } from 'vitest';
import * as antdLayer from '../app/antd';
import { AppProviders } from '../app/AppProviders';
import { provideAntd } from '../app/antdLayer';
import { createI18n, type TLanguage } from '../app/i18n';
import { setupStore, type TAppStore, type TPreloadedState } from '../app/store';
import { ru } from '../locales/ru';

/** Shows the current path, so a test can assert where the router went. */
export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

interface TRenderOptions extends Omit<RenderOptions, 'wrapper'> {
  route?: string;
  preloadedState?: TPreloadedState;
  store?: TAppStore;
  language?: TLanguage;
}

// antd's layer (theme, toast host) is a lazily loaded chunk in the app (app/antdLayer.tsx); here it is there at once.
provideAntd(antdLayer);

/** Renders inside the real store, translations, theme, toasts and a memory router (with a LocationProbe). */
export function renderWithProviders(ui: ReactElement, { route = '/', preloadedState, store, language = 'en', ...options }: TRenderOptions = {}) {
  const appStore = store ?? setupStore(preloadedState);
  const i18n = createI18n(language, ru);
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <AppProviders store={appStore} i18n={i18n}>
        <MemoryRouter initialEntries={[route]}>
          {children}
          <LocationProbe />
        </MemoryRouter>
      </AppProviders>
    );
  }
  return { store: appStore, user: userEvent.setup(), ...render(ui, { wrapper: Wrapper, ...options }) };
}

export function makeUser(overrides: Partial<TUser> = {}): TUser {
  return {
    id: '0b7e6f5c-1111-4c2a-9d1e-000000000001',
    email: 'worker@example.test',
    firstName: 'Ada',
    lastName: 'Worker',
    telegramUsername: null,
    role: 'employee',
    isActive: true,
    isVerified: false,
    verificationStatus: 'none',
    welcomeVideoShown: true,
    documentsAccepted: true,
    documentsAcceptedAt: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    language: 'en',
    balance: '0.00',
    heldBalance: '0.00',
    ...overrides,
  };
}

export function signedInState(user: TUser = makeUser(), token = 'test-token'): TPreloadedState {
  return { session: { status: 'signedIn', token, user } };
}

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? '' : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

type THandler = (init: RequestInit | undefined, url: string) => Response | Promise<Response>;

/**
 * Replaces fetch with a table of "METHOD /api/path" handlers; unmatched calls answer 404. Returns the mock so a
 * test can inspect the calls.
 */
export function mockApi(handlers: Record<string, THandler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const key = `${(init?.method ?? 'GET').toUpperCase()} ${url}`;
    const handler = handlers[key];
    if (!handler) return jsonResponse({ message: `No handler for ${key}`, code: 'TEST.NOT_FOUND' }, 404);
    return handler(init, url);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The calls made to one "METHOD /api/path". */
export function callsTo(fetchMock: ReturnType<typeof mockApi>, key: string): (RequestInit | undefined)[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => `${(init?.method ?? 'GET').toUpperCase()} ${typeof input === 'string' ? input : String(input)}` === key)
    .map(([, init]) => init);
}

/**
 * A table row's action (components/list/RowActions): the link when it is shown in the row, else the entry of the
 * row's "More" menu.
 */
export async function clickRowAction(user: { click: (element: Element) => Promise<void> }, row: HTMLElement, name: string): Promise<void> {
  const link = within(row).queryByRole('button', { name });
  if (link) return user.click(link);
  await user.click(within(row).getByRole('button', { name: /More/ }));
  await user.click(await screen.findByRole('menuitem', { name }));
}

