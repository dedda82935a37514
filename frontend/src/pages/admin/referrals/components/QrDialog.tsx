import { Button, Modal, QRCode } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** The link as a QR code (for print and posters), with a PNG download. */
export function QrDialog({ open, name, url, code, onClose }: { open: boolean; name: string; url: string; code: string; onClose: () => void }) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const download = () => {
    const canvas = box.current?.querySelector('canvas');
    if (!canvas) return;
    const anchor = document.createElement('a');
    anchor.href = canvas.toDataURL('image/png');
    anchor.download = `referral-${code}.png`;
    anchor.click();
  };
  return (
    <Modal
      open={open}
      title={t('referrals.admin.qrTitle', { name })}
      onCancel={onClose}
      footer={
        <div className="dialog-footer">
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" onClick={download}>
            {t('referrals.admin.download')}
          </Button>
        </div>
      }
    >
      <div ref={box} className="referral-qr" data-testid="referral-qr">
        <QRCode value={url} size={220} type="canvas" bgColor="#ffffff" />
        <code className="referral-url">{url}</code>
      </div>
    </Modal>
  );
}
