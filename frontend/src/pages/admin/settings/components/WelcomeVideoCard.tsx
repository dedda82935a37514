import { UploadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDecimal, useFormat } from '../../../../app/format';
import { serverCodeOf, serverMessageOf } from '../../../../components/forms/serverErrors';
import { useToast } from '../../../../components/toast';
import { useUploadWelcomeVideoMutation, useWelcomeVideoQuery } from '../../../../features/settings/settings.admin.api';

/** A size as people read it, in the interface's language: "50 MB", "4.9 KB". */
function formatSize(bytes: number, language: string): string {
  const megabytes = bytes >= 1024 * 1024;
  const value = megabytes ? bytes / (1024 * 1024) : bytes / 1024;
  const unit = language.startsWith('ru') ? (megabytes ? 'МБ' : 'КБ') : megabytes ? 'MB' : 'KB';
  return `${formatDecimal(value, language, Number.isInteger(Math.round(value * 10) / 10) ? 0 : 1)} ${unit}`;
}

/**
 * System Settings > Welcome video (spec 01 s.7, issue 28): what /assets/welcome-video serves now (the shipped clip, or
 * who uploaded which file when), the rules beside the field (MP4 or WebM, the server's size limit), and a file
 * chooser that uploads at once. A file over the limit is refused here before sending; the server checks again, by
 * the file's bytes, and its refusal is shown under the field.
 */
export function WelcomeVideoCard({ nameOf }: { nameOf: (id: string | null) => string | null }) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const { data } = useWelcomeVideoQuery();
  const [upload, { isLoading }] = useUploadWelcomeVideoMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const size = (bytes: number) => formatSize(bytes, i18n.language);

  const choose = async (file: File | undefined) => {
    if (!file || !data) return;
    setProblem(null);
    if (file.size > data.maxBytes) {
      setProblem(t('admin.settings.welcomeVideo.tooLarge', { size: size(file.size), max: size(data.maxBytes) }));
      return;
    }
    try {
      await upload(file).unwrap();
      toast({ title: t('admin.settings.welcomeVideo.done'), action: 'settings.welcome-video' });
    } catch (error) {
      const code = serverCodeOf(error);
      const message =
        code === 'ADMIN.WELCOME_VIDEO_TOO_LARGE'
          ? t('admin.settings.welcomeVideo.errors.tooLarge', { max: size(data.maxBytes) })
          : code === 'ADMIN.WELCOME_VIDEO_NOT_VIDEO'
            ? t('admin.settings.welcomeVideo.errors.notVideo')
            : (serverMessageOf(error) ?? t('admin.settings.welcomeVideo.failed'));
      setProblem(message);
      toast({ title: t('admin.settings.welcomeVideo.failed'), variant: 'destructive', action: 'settings.welcome-video' });
    }
  };

  const current = data?.current;
  return (
    <section className="admin-setting-card" data-testid="setting-welcome-video">
      <div className="admin-setting-head">
        <label htmlFor="setting-welcome-video-file" className="admin-setting-title">
          {t('admin.settings.welcomeVideo.title')}
        </label>
      </div>
      <p className="muted small admin-setting-description">{t('admin.settings.welcomeVideo.description')}</p>
      {data && <p className="muted small" data-testid="setting-welcome-video-rules">{t('admin.settings.welcomeVideo.rules', { size: size(data.maxBytes) })}</p>}
      <input
        ref={input}
        id="setting-welcome-video-file"
        type="file"
        accept="video/mp4,video/webm"
        hidden
        onChange={(e) => {
          void choose(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <Button icon={<UploadOutlined />} loading={isLoading} disabled={!data} onClick={() => input.current?.click()}>
        {isLoading ? t('admin.settings.welcomeVideo.uploading') : t('admin.settings.welcomeVideo.choose')}
      </Button>
      {problem && (
        <div className="admin-setting-problem error" role="alert">
          {problem}
        </div>
      )}
      <div className="muted small admin-setting-meta">
        <div data-testid="setting-welcome-video-current">
          {current
            ? t('admin.settings.welcomeVideo.uploaded', {
                date: format.dateTime(current.uploadedAt),
                who: nameOf(current.uploadedBy) ?? t('admin.settings.unknownAdmin', { id: current.uploadedBy }),
                type: current.contentType === 'video/mp4' ? 'MP4' : 'WebM',
                size: size(current.sizeBytes),
              })
            : t('admin.settings.welcomeVideo.shipped')}
        </div>
        {data && (
          <a href={`${data.url}${current ? `?v=${current.sha256.slice(0, 12)}` : ''}`} target="_blank" rel="noreferrer">
            {t('admin.settings.welcomeVideo.open')}
          </a>
        )}
      </div>
    </section>
  );
}
