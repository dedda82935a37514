import type { TSubmissionFile } from '@platform/contracts';
import { DownloadOutlined, FileImageOutlined, FileOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { Alert, Button, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../components/toast';
import { fetchFileBlobUrl } from './fileAccess';
import { fileSizeParts } from './taskStatus';
import { useSessionToken } from './useSessionToken';

interface TPreview {
  name: string;
  url: string;
  type: string;
}

function iconFor(type: string) {
  if (type.startsWith('image/')) return <FileImageOutlined />;
  if (type.startsWith('video/')) return <VideoCameraOutlined />;
  return <FileOutlined />;
}

/**
 * Attached files; each opens through the file call (with the token) in a preview. `showMetadataNotes` (the admin's
 * review) marks a video stored with its metadata (location, device), which the server could not remove.
 */
export function AttachmentList({ files, showMetadataNotes = false }: { files: readonly TSubmissionFile[]; showMetadataNotes?: boolean }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const token = useSessionToken();
  const [opening, setOpening] = useState<string | null>(null);
  const [preview, setPreview] = useState<TPreview | null>(null);
  // The browser could not show it (a broken image, a video codec it lacks): say so and offer the download.
  const [unplayable, setUnplayable] = useState(false);

  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview.url);
  }, [preview]);

  if (files.length === 0) return <p className="muted small work-no-files">{t('work.files.none')}</p>;

  const open = async (file: TSubmissionFile) => {
    setOpening(file.id);
    try {
      const { url, type } = await fetchFileBlobUrl(file.fileName, token());
      setUnplayable(false);
      setPreview({ name: file.originalName, url, type: type || file.fileType });
    } catch {
      toast({ title: t('work.files.openFailed'), variant: 'destructive' });
    } finally {
      setOpening(null);
    }
  };

  return (
    <>
      <ul className="work-files" data-testid="attachment-list">
        {files.map((file) => {
          const size = fileSizeParts(file.fileSize, i18n.language);
          return (
            <li key={file.id}>
              <span className="work-file-icon">{iconFor(file.fileType)}</span>
              <span className="work-file-name" title={file.originalName}>
                {file.originalName}
              </span>
              {showMetadataNotes && file.metadataKept ? (
                <span className="work-file-note small" title={t('work.files.metadataKeptHint')} data-testid="metadata-kept-note">
                  {t('work.files.metadataKept')}
                </span>
              ) : null}
              <span className="muted small">{t(`work.files.units.${size.unit}`, { value: size.value })}</span>
              <Button size="small" loading={opening === file.id} onClick={() => void open(file)} aria-label={`${t('work.files.open')} ${file.originalName}`}>
                {t('work.files.open')}
              </Button>
            </li>
          );
        })}
      </ul>
      <Modal
        open={preview !== null}
        title={preview?.name ?? t('work.files.preview')}
        onCancel={() => setPreview(null)}
        footer={
          preview ? (
            <div className="dialog-footer">
              <a href={preview.url} target="_blank" rel="noreferrer">
                {t('work.files.openInNewTab')}
              </a>
              <Button href={preview.url} download={preview.name} icon={<DownloadOutlined />}>
                {t('work.files.download', { name: preview.name })}
              </Button>
            </div>
          ) : null
        }
        destroyOnHidden
        width={720}
      >
        {preview && (unplayable || !(preview.type.startsWith('image/') || preview.type.startsWith('video/'))) ? (
          <Alert type="info" showIcon title={t('work.files.cannotPreview')} data-testid="file-no-preview" />
        ) : (
          <>
            {preview?.type.startsWith('image/') && (
              <img src={preview.url} alt={preview.name} className="work-preview-media" data-testid="file-preview" onError={() => setUnplayable(true)} />
            )}
            {preview?.type.startsWith('video/') && (
              <video src={preview.url} controls className="work-preview-media" data-testid="file-preview" onError={() => setUnplayable(true)} />
            )}
          </>
        )}
      </Modal>
    </>
  );
}
