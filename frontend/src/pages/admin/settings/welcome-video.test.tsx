import type { TWelcomeVideo } from '@platform/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_ID, makeAdminUser, makeSettings } from '../../../test/adminData';
import { callsTo, jsonResponse, makeUser, mockApi, renderWithProviders, signedInState } from '../../../test/test-utils';
import { SettingsSection } from './index';

const VIDEO = 'GET /api/admin/settings/welcome-video';
const UPLOAD = 'POST /api/admin/settings/welcome-video';
const SHIPPED: TWelcomeVideo = { url: '/assets/welcome-video', maxBytes: 50 * 1024 * 1024, current: null };
const UPLOADED: TWelcomeVideo = {
  ...SHIPPED,
  current: { contentType: 'video/mp4', sizeBytes: 3 * 1024 * 1024, sha256: 'a'.repeat(64), uploadedBy: ADMIN_ID, uploadedAt: '2026-11-20T10:00:00.000Z' },
};

function renderSettings(upload: () => Response, language: 'en' | 'ru' = 'en') {
  let video = SHIPPED;
  const fetchMock = mockApi({
    'GET /api/admin/settings': () => jsonResponse(makeSettings()),
    'GET /api/admin/users?role=admin&pageSize=100': () =>
      jsonResponse({ items: [makeAdminUser({ id: ADMIN_ID, role: 'admin', firstName: 'Root', lastName: 'Admin', email: 'admin@platform.local' })], nextCursor: null, total: 1, totalExact: true }),
    [VIDEO]: () => jsonResponse(video),
    [UPLOAD]: () => {
      const answer = upload();
      if (answer.ok) video = UPLOADED;
      return answer;
    },
    'POST /api/admin/settings': (init) => jsonResponse({ ...makeSettings()[0], settingValue: (JSON.parse(String(init?.body)) as { settingValue: string }).settingValue }),
  });
  const utils = renderWithProviders(<SettingsSection />, { route: '/admin/settings', language, preloadedState: signedInState(makeUser({ role: 'admin' })) });
  return { ...utils, fetchMock };
}

const file = (bytes: number, name = 'intro.mp4', type = 'video/mp4') => new File([new Uint8Array(bytes)], name, { type });

describe('System Settings > Welcome video (issue 28)', () => {
  it('shows what is served and the rules beside the field; an upload is sent as the multipart part video and the card shows it', async () => {
    const { user, fetchMock } = renderSettings(() => jsonResponse(UPLOADED));
    const card = await screen.findByTestId('setting-welcome-video');
    expect(await within(card).findByText('The video the platform ships with')).toBeInTheDocument();
    expect(await within(card).findByTestId('setting-welcome-video-rules')).toHaveTextContent('MP4 or WebM, at most 50 MB.');
    await user.upload(within(card).getByLabelText('Welcome video'), file(2048));
    expect(await screen.findByText('Welcome video replaced')).toBeInTheDocument();
    const [init] = callsTo(fetchMock, UPLOAD);
    const body = init?.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect((body.get('video') as File).name).toBe('intro.mp4');
    await waitFor(() => expect(within(card).getByTestId('setting-welcome-video-current')).toHaveTextContent(/Uploaded .* by Root Admin \(admin@platform\.local\): MP4, 3 MB/));
  });

  it('when the file is over the limit, then it is refused under the field and not sent', async () => {
    const { user, fetchMock } = renderSettings(() => jsonResponse(UPLOADED));
    const card = await screen.findByTestId('setting-welcome-video');
    await within(card).findByTestId('setting-welcome-video-rules');
    const big = file(10);
    Object.defineProperty(big, 'size', { value: 60 * 1024 * 1024 });
    await user.upload(within(card).getByLabelText('Welcome video'), big);
    expect(within(card).getByRole('alert')).toHaveTextContent('The file is 60 MB: the video must be at most 50 MB');
    expect(callsTo(fetchMock, UPLOAD)).toHaveLength(0);
  });

  it('when the server finds the file is no video, then its refusal shows under the field, in Russian in the Russian console', async () => {
    const { user } = renderSettings(
      () => jsonResponse({ code: 'ADMIN.WELCOME_VIDEO_NOT_VIDEO', message: 'The video must be an MP4 or WebM file', field: 'video' }, 415),
      'ru',
    );
    const card = await screen.findByTestId('setting-welcome-video');
    expect(await within(card).findByText('Видео, поставляемое с платформой')).toBeInTheDocument();
    await user.upload(within(card).getByLabelText('Приветственное видео'), file(2048, 'photo.mp4'));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Этот файл не является видео MP4 или WebM');
    expect(within(card).getByTestId('setting-welcome-video-current')).toHaveTextContent('Видео, поставляемое с платформой');
  });
});

describe('System Settings > Platform name (issue 28)', () => {
  it('is a text field: a name with < is refused here, a plain one is saved as typed', async () => {
    const { user, fetchMock } = renderSettings(() => jsonResponse(UPLOADED));
    const name = await screen.findByLabelText('Platform name');
    await user.clear(name);
    await user.type(name, 'Acme <b>');
    expect(screen.getByText('One line, without < or >')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Save$/ })).toBeDisabled();
    await user.clear(name);
    await user.type(name, 'Acme Tasks');
    await user.click(screen.getByRole('button', { name: /Save$/ }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/admin/settings').map((init) => JSON.parse(String(init?.body)) as unknown)).toEqual([{ settingKey: 'platform_name', settingValue: 'Acme Tasks' }]);
  });
});
