import { Alert, Image, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSessionToken } from '../../../../features/tasks/useSessionToken';
import { fetchProtectedBlob } from '../../../../features/verification/verificationFiles';

/**
 * One identity photo, fetched with the admin's token (never cached; the server records the view in the audit log)
 * and shown from memory; antd's preview gives zoom and rotation. The object URL is released on close.
 */
export function VerificationImage({ verificationId, file, label }: { verificationId: string; file: 'selfie' | 'document'; label: string }) {
  const { t } = useTranslation();
  const token = useSessionToken();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let objectUrl: string | null = null;
    fetchProtectedBlob(`/admin/verifications/${encodeURIComponent(verificationId)}/files/${file}`, token())
      .then((blob) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fetched once per photo
  }, [verificationId, file]);

  return (
    <figure className="verification-image" data-testid={`verification-image-${file}`}>
      <figcaption>
        <strong>{label}</strong>
      </figcaption>
      {failed && <Alert type="error" showIcon title={t('verification.admin.imageFailed')} />}
      {!failed && !url && <Spin />}
      {url && <Image src={url} alt={label} data-testid={`verification-img-${file}`} />}
    </figure>
  );
}
