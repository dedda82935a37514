import type { TWorkerTask } from '@platform/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi, renderWithProviders, signedInState } from '../../test/test-utils';
import { pickFiles, SubmitTaskDialog } from './SubmitTaskDialog';
import { makeAssignment, makeWorkerTask } from './testTasks';

/** A stand-in for XMLHttpRequest that the test drives: progress, then the answer. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null; onload: (() => void) | null } = { onprogress: null, onload: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const file = (name: string, type = 'image/png', size = 1000) => {
  const blob = new File(['x'], name, { type });
  Object.defineProperty(blob, 'size', { value: size });
  return blob;
};

function renderDialog(task: TWorkerTask = makeWorkerTask({ status: 'assigned', userStatus: 'assigned' })) {
  mockApi({ 'GET /api/tasks': () => jsonResponse([]) });
  const onClose = vi.fn();
  const utils = renderWithProviders(<SubmitTaskDialog task={task} onClose={onClose} />, { preloadedState: signedInState(undefined, 'worker-token') });
  return { ...utils, onClose };
}

const submitButton = () => within(screen.getByRole('dialog')).getByRole('button', { name: 'Submit' });
const fileInput = () => screen.getByTestId('submission-files') as HTMLInputElement;

beforeEach(() => {
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

describe('submit dialog (spec 02 s.5)', () => {
  it('when the text is empty or only spaces, then Submit stays disabled; with text it is enabled', async () => {
    const { user } = renderDialog();
    expect(submitButton()).toBeDisabled();
    await user.type(screen.getByLabelText('Describe your work'), '   ');
    expect(submitButton()).toBeDisabled();
    await user.type(screen.getByLabelText('Describe your work'), 'Done, see attached');
    expect(submitButton()).toBeEnabled();
  });

  it('when the text is left blank, then "Submission text is required" is shown', async () => {
    const { user } = renderDialog();
    await user.click(screen.getByLabelText('Describe your work'));
    await user.tab();
    expect(await screen.findByText('Submission text is required')).toBeInTheDocument();
  });

  it('says images and videos only, "Max 50MB per file", and the picker accepts only images and videos', () => {
    renderDialog();
    expect(screen.getByText('Max 50MB per file')).toBeInTheDocument();
    expect(fileInput()).toHaveAttribute('accept', 'image/*,video/*');
    expect(fileInput()).toHaveAttribute('multiple');
  });

  it('when 12 files are picked, then 10 are kept and "You can attach at most 10 files" is shown', async () => {
    const { user } = renderDialog();
    await user.upload(fileInput(), Array.from({ length: 12 }, (_, i) => file(`shot-${i + 1}.png`)));
    expect(within(screen.getByTestId('picked-files')).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByText('You can attach at most 10 files')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Add files/ })).toBeDisabled();
  });

  it('when a file is removed before sending, then it is not sent', async () => {
    const { user } = renderDialog();
    await user.upload(fileInput(), [file('keep.png'), file('drop.png')]);
    await user.click(screen.getByRole('button', { name: 'Remove drop.png' }));
    await user.type(screen.getByLabelText('Describe your work'), 'Here it is');
    await user.click(submitButton());
    const sent = FakeXhr.last?.body?.getAll('files') as File[];
    expect(sent.map((f) => f.name)).toEqual(['keep.png']);
  });

  it('when a file is larger than 50 MB or not an image or video, then it is refused before sending', () => {
    const result = pickFiles(0, [file('huge.mp4', 'video/mp4', 50 * 1024 * 1024 + 1), file('notes.pdf', 'application/pdf'), file('ok.jpg', 'image/jpeg')]);
    expect(result.accepted.map((f) => f.name)).toEqual(['ok.jpg']);
    expect(result.problems).toEqual([
      { kind: 'tooLarge', name: 'huge.mp4' },
      { kind: 'wrongType', name: 'notes.pdf' },
    ]);
  });

  it('when sending, then the multipart carries the trimmed text, the files and the bearer token, and a progress bar shows the percent', async () => {
    const { user, onClose } = renderDialog();
    await user.type(screen.getByLabelText('Describe your work'), '  My work  ');
    await user.upload(fileInput(), [file('proof.png')]);
    await user.click(submitButton());
    const xhr = FakeXhr.last;
    expect(xhr?.method).toBe('POST');
    expect(xhr?.url).toBe('/api/tasks/task-1/submit');
    expect(xhr?.headers.Authorization).toBe('Bearer worker-token');
    expect(xhr?.body?.get('submission')).toBe('My work');
    expect(await screen.findByTestId('upload-progress')).toBeInTheDocument();
    xhr?.progress(40, 100);
    expect(await screen.findByText('Uploading... 40%')).toBeInTheDocument();
    xhr?.respond(200, { message: 'Task submitted successfully!', assignment: makeAssignment({ status: 'submitted' }) });
    expect(await screen.findByText('Task submitted successfully!')).toBeInTheDocument();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('when the server refuses, then "Failed to submit task" shows its message and the dialog stays open', async () => {
    const { user, onClose } = renderDialog();
    await user.type(screen.getByLabelText('Describe your work'), 'My work');
    await user.click(submitButton());
    FakeXhr.last?.respond(400, { message: 'Only images and videos can be attached', code: 'WORK.FILE_TYPE' });
    expect(await screen.findByText('Failed to submit task')).toBeInTheDocument();
    expect(screen.getByText('Only images and videos can be attached')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByTestId('upload-progress')).toBeNull();
  });

  it('when the connection fails, then "Failed to submit task" says "Please try again"', async () => {
    const { user } = renderDialog();
    await user.type(screen.getByLabelText('Describe your work'), 'My work');
    await user.click(submitButton());
    FakeXhr.last?.onerror?.();
    expect(await screen.findByText('Please try again')).toBeInTheDocument();
  });

  it('when the server refuses the text, then its message is under the text field and the dialog keeps what was typed', async () => {
    const { user, onClose } = renderDialog();
    await user.type(screen.getByLabelText('Describe your work'), 'My work');
    await user.click(submitButton());
    FakeXhr.last?.respond(400, { message: 'Submission must not contain control characters', code: 'REQUEST.VALIDATION', field: 'submission' });
    const message = await screen.findByText('Submission must not contain control characters');
    expect(message).toHaveAttribute('id', 'submission-text-error');
    expect(screen.getByLabelText('Describe your work')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Describe your work')).toHaveValue('My work');
    expect(screen.queryByText('Failed to submit task')).not.toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('when resubmitting, then the text starts from the earlier submission', () => {
    renderDialog(makeWorkerTask({ status: 'assigned', userStatus: 'rejected', rejectionReason: 'Crop the screenshot', userSubmission: 'The welcome screen shows my name.' }));
    expect(screen.getByLabelText('Describe your work')).toHaveValue('The welcome screen shows my name.');
  });

  it('when resubmitting after a rejection, then the reason is shown and the button reads Resubmit', () => {
    renderDialog(makeWorkerTask({ status: 'assigned', userStatus: 'rejected', rejectionReason: 'Crop the screenshot' }));
    expect(screen.getByText('Crop the screenshot')).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Resubmit' })).toBeInTheDocument();
  });
});
