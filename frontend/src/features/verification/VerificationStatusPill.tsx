import { CheckCircleFilled, ClockCircleOutlined, CloseCircleOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import type { TVerificationStatus } from '@platform/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';

const LOOKS: Record<TVerificationStatus, { icon: ReactNode; className: string }> = {
  approved: { icon: <CheckCircleFilled />, className: 'pill pill-success' },
  pending: { icon: <ClockCircleOutlined />, className: 'pill pill-pending' },
  rejected: { icon: <CloseCircleOutlined />, className: 'pill pill-danger' },
  none: { icon: <ExclamationCircleOutlined />, className: 'pill' },
};

/**
 * The signed-in user's identity verification in one word, as the server tells it (User.verificationStatus, spec 02
 * s.3): Verified, Verification pending, Verification rejected or Not verified. The profile and home show this same
 * pill, so no screen says "Not verified" while an application waits for a decision.
 */
export function VerificationStatusPill() {
  const { t } = useTranslation();
  const status = useAppSelector((s) => s.session.user?.verificationStatus);
  if (!status) return null;
  const look = LOOKS[status];
  return (
    <span className={look.className} data-testid="verification-pill" data-status={status}>
      {look.icon} {t(`verification.status.${status}`)}
    </span>
  );
}
