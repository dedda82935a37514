import type { TSubmissionFile } from '@platform/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, signedInState } from '../../test/test-utils';
import { AttachmentList } from './AttachmentList';

const FILE: TSubmissionFile = { id: 'f-1', fileName: 'abc.mov', originalName: 'clip.mov', fileType: 'video/quicktime', fileSize: 2048, url: '/api/files/abc.mov', createdAt: '2025-03-01T10:00:00.000Z' };

describe('attachments (issue 10)', () => {
  it('when a file cannot be previewed here, then the dialog says so and offers the download', async () => {
    const pdf = { ok: true, status: 200, headers: new Headers({ 'Content-Type': 'application/pdf' }), blob: async () => new Blob(['%PDF-1.4'], { type: 'application/pdf' }) };
    vi.stubGlobal('fetch', vi.fn(async () => pdf));
    // jsdom has no blob URLs.
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: () => 'blob:preview-1' });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
    const { user } = renderWithProviders(<AttachmentList files={[{ ...FILE, fileName: 'abc.pdf', originalName: 'report.pdf', fileType: 'application/pdf' }]} />, {
      preloadedState: signedInState(),
    });
    await user.click(screen.getByRole('button', { name: 'Open report.pdf' }));
    expect(await screen.findByText('This file cannot be previewed here. Download it to open it on your device.')).toBeInTheDocument();
    const download = screen.getByRole('link', { name: /Download report\.pdf/ });
    expect(download).toHaveAttribute('href', 'blob:preview-1');
    expect(download).toHaveAttribute('download', 'report.pdf');
    expect(screen.queryByTestId('file-preview')).not.toBeInTheDocument();
  });

  it('when the admin review lists a video whose metadata was kept, then it carries the note; the worker\'s list and images do not (issue 26)', () => {
    const image: TSubmissionFile = { ...FILE, id: 'f-2', fileName: 'def.jpg', originalName: 'shop.jpg', fileType: 'image/jpeg', metadataKept: false };
    const video: TSubmissionFile = { ...FILE, metadataKept: true };
    const admin = renderWithProviders(<AttachmentList files={[image, video]} showMetadataNotes />, { preloadedState: signedInState() });
    const notes = screen.getAllByTestId('metadata-kept-note');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toHaveTextContent('Metadata kept');
    expect(notes[0]).toHaveAttribute('title', 'This video is stored as sent: its metadata (such as location, device and time) could not be removed.');
    expect(notes[0]?.closest('li')).toHaveTextContent('clip.mov');
    admin.unmount();
    renderWithProviders(<AttachmentList files={[image, video]} />, { preloadedState: signedInState() });
    expect(screen.queryByTestId('metadata-kept-note')).not.toBeInTheDocument();
  });
});
