import type { TSubmissionFile } from '@platform/contracts';
import { Alert, Image, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchFileBlobUrl } from './fileAccess';
import { useSessionToken } from './useSessionToken';

/** Whether the review shows a file inline (images and videos) or only lists it. */
export function isInlineMedia(file: Pick<TSubmissionFile, 'fileType'>): boolean {
  return file.fileType.startsWith('image/') || file.fileType.startsWith('video/');
}

/**
 * One submitted image or video shown inline at the dialog's width (issue 25: no "Open" and second dialog per file).
 * It is fetched with the session token (the file call needs it) when shown, and its blob URL is revoked when the
 * review moves on. An image opens full size with zoom on a click; a video plays in place.
 */
export function InlineMedia({ file }: { file: TSubmissionFile }) {
  const { t } = useTranslation();
  const token = useSessionToken();
  const [source, setSource] = useState<{ url: string; type: string } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let url: string | null = null;
    let cancelled = false;
    fetchFileBlobUrl(file.fileName, token()).then(
      (loaded) => {
        url = loaded.url;
        if (cancelled) URL.revokeObjectURL(loaded.url);
        else setSource(loaded);
      },
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
    // The token getter reads the current session; the file is what changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [file.fileName]);

  if (failed) return <Alert type="warning" showIcon title={t('work.files.openFailed')} description={file.originalName} />;
  if (!source) {
    return (
      <div className="inline-media-loading" aria-busy="true">
        <Spin />
      </div>
    );
  }
  const type = source.type || file.fileType;
  return (
    <figure className="inline-media" data-testid="inline-media">
      {type.startsWith('video/') ? (
        <video src={source.url} controls preload="metadata" className="inline-media-item" aria-label={file.originalName} onError={() => setFailed(true)} />
      ) : (
        <Image src={source.url} alt={file.originalName} className="inline-media-item" onError={() => setFailed(true)} />
      )}
      <figcaption className="muted small">{file.originalName}</figcaption>
    </figure>
  );
}
