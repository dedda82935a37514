import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, makeUser, mockApi, renderWithProviders, signedInState } from '../../test/test-utils';
import { VerificationDialog } from './VerificationDialog';

/** The browser's decoder, as createImageBitmap answers for a picture of this size. */
function decodesAs(width: number, height: number) {
  vi.stubGlobal('createImageBitmap', vi.fn(async () => ({ width, height, close: () => undefined })));
}

function renderDialog(handlers: Parameters<typeof mockApi>[0] = {}, language: 'en' | 'ru' = 'en') {
  const fetchMock = mockApi(handlers);
  const onSubmitted = vi.fn();
  const utils = renderWithProviders(<VerificationDialog open onClose={() => undefined} onSubmitted={onSubmitted} />, {
    route: '/profile',
    preloadedState: signedInState(makeUser({ firstName: 'Ada', lastName: 'Lovelace' })),
    language,
  });
  return { ...utils, fetchMock, onSubmitted };
}

const photo = (name: string) => new File([new Uint8Array(2048)], name, { type: 'image/jpeg' });

async function choose(field: 'selfieFile' | 'documentFile', file: File) {
  const input = document.getElementById(`verification-${field}`) as HTMLInputElement;
  await act(async () => {
    fireEvent.change(input, { target: { files: [file] } });
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('identity verification: rules said before they are broken (issue 28 item 5)', () => {
  it('when the dialog opens, then each photo states its rules (10 MB, 300 px), the name is the profile\'s and countries are offered', async () => {
    renderDialog();
    const dialog = await screen.findByRole('dialog');
    for (const field of ['selfieFile', 'documentFile']) {
      expect(within(dialog).getByTestId(`verification-${field}-rules`)).toHaveTextContent(
        'A photo: JPEG, PNG, WebP or HEIC, at most 10 MB, at least 300 pixels on its shorter side.',
      );
    }
    expect(within(dialog).getByLabelText('Full name')).toHaveValue('Ada Lovelace');
    expect(within(dialog).getByLabelText('Full name')).toHaveAttribute('maxlength', '200');
    const country = within(dialog).getByLabelText('Country');
    expect(country).toHaveAttribute('list', 'verification-countries');
    const offered = Array.from(document.querySelectorAll('#verification-countries option')).map((o) => o.getAttribute('value'));
    expect(offered).toContain('Germany');
    expect(offered.length).toBeGreaterThan(200);
  });

  it('when the interface is Russian, then the rules and the countries are in Russian', async () => {
    renderDialog({}, 'ru');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('verification-selfieFile-rules')).toHaveTextContent('не меньше 300 пикселей по меньшей стороне');
    const offered = Array.from(document.querySelectorAll('#verification-countries option')).map((o) => o.getAttribute('value'));
    expect(offered).toContain('Германия');
  });

  it('when a 200 x 150 selfie is chosen, then it is refused under the selfie field at once, naming the rule and its size', async () => {
    decodesAs(200, 150);
    renderDialog();
    await screen.findByRole('dialog');
    await choose('selfieFile', photo('selfie.jpg'));
    const field = document.getElementById('verification-selfieFile')!.closest('.form-field') as HTMLElement;
    expect(
      await within(field).findByText('Selfie photo must be at least 300 pixels on its shorter side (this one is 200 x 150). Please take a larger photo.'),
    ).toBeInTheDocument();
    expect(within(field).queryByText(/Chosen:/)).not.toBeInTheDocument();
    expect(screen.queryByText('Submission Failed')).not.toBeInTheDocument();
  });

  it('when a large enough photo is chosen, then it is taken', async () => {
    decodesAs(1200, 900);
    renderDialog();
    await screen.findByRole('dialog');
    await choose('documentFile', photo('passport.jpg'));
    const field = document.getElementById('verification-documentFile')!.closest('.form-field') as HTMLElement;
    expect(await within(field).findByText('Chosen: passport.jpg')).toBeInTheDocument();
  });

  it('when the server refuses one photo, then its message is under that photo and no toast covers the form', async () => {
    decodesAs(1200, 900);
    const { user, fetchMock } = renderDialog({
      'POST /api/user/verification': () =>
        jsonResponse({ message: 'Document photo must be at least 300 pixels on its shorter side', code: 'VERIFICATION.IMAGE_TOO_SMALL', field: 'documentFile' }, 400),
    });
    const dialog = await screen.findByRole('dialog');
    const type = async (label: string, value: string) => {
      const input = within(dialog).getByLabelText(label);
      await user.clear(input);
      await user.type(input, value);
    };
    fireEvent.change(within(dialog).getByLabelText('Date of birth'), { target: { value: '1990-12-10' } });
    await type('Address', '12 Example Street');
    await type('City', 'London');
    await type('Country', 'United Kingdom');
    await type('Postal code', 'N1 9GU');
    await type('Document number', 'X1234567');
    await user.click(within(dialog).getByLabelText('Document type'));
    await user.click(await screen.findByText('Passport'));
    await choose('selfieFile', photo('selfie.jpg'));
    await choose('documentFile', photo('passport.jpg'));
    await user.click(within(dialog).getByTestId('verification-submit'));
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/user/verification')).toHaveLength(1));
    const field = document.getElementById('verification-documentFile')!.closest('.form-field') as HTMLElement;
    expect(await within(field).findByText('Document photo must be at least 300 pixels on its shorter side')).toBeInTheDocument();
    expect(screen.queryByText('Submission Failed')).not.toBeInTheDocument();
  });
  it('when Submit is pressed while a photo is still being checked, then it waits for the check and sends, never saying the photo is missing', async () => {
    // The decoder answers only when the test says so (a slow phone).
    const decoded: Array<() => void> = [];
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(() => new Promise((resolve) => decoded.push(() => resolve({ width: 1200, height: 900, close: () => undefined })))),
    );
    const { user, fetchMock, onSubmitted } = renderDialog({
      'POST /api/user/verification': () =>
        jsonResponse({ status: 'pending', isVerified: false, id: 'v1', reason: null, submittedAt: '2026-11-28T10:00:00.000Z', reviewedAt: null }, 201),
    });
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Date of birth'), { target: { value: '1990-12-10' } });
    for (const [label, value] of [['Address', '12 Example Street'], ['City', 'London'], ['Country', 'United Kingdom'], ['Postal code', 'N1 9GU'], ['Document number', 'X1234567']]) {
      await user.type(within(dialog).getByLabelText(label!), value!);
    }
    await user.click(within(dialog).getByLabelText('Document type'));
    await user.click(await screen.findByText('Passport'));
    await choose('selfieFile', photo('selfie.jpg'));
    await choose('documentFile', photo('passport.jpg'));
    await user.click(within(dialog).getByTestId('verification-submit'));
    expect(screen.queryByText('Selfie photo is required')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /api/user/verification')).toHaveLength(0);
    await act(async () => {
      for (const finish of decoded) finish();
    });
    await waitFor(() => expect(callsTo(fetchMock, 'POST /api/user/verification')).toHaveLength(1));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith(expect.objectContaining({ status: 'pending' })));
    expect(await screen.findByText('Verification Submitted')).toBeInTheDocument();
    expect(screen.queryByText('Selfie photo is required')).not.toBeInTheDocument();
  });
});
