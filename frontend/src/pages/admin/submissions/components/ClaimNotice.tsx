import { Alert, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TSubmissionClaimState } from '../useSubmissionClaim';

/** "Being reviewed by <admin>" (issue 30): in the detail dialog, above the submission; nothing when nobody holds it. */
export function ClaimNotice({ claim }: { claim: TSubmissionClaimState }) {
  const { t } = useTranslation();
  if (!claim.claimedBy) return null;
  if (claim.mine) {
    return (
      <Alert type="info" showIcon data-testid="claim-notice" title={t('work.admin.claims.yours')} description={t('work.admin.claims.yoursText')} />
    );
  }
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="claim-notice"
      title={t('work.admin.claims.beingReviewedBy', { name: claim.claimedBy.name || t('work.admin.claims.anotherAdmin') })}
      description={t('work.admin.claims.othersText')}
    />
  );
}

/** The list's marker: a tag naming the admin reviewing the row (or "you"). */
export function ClaimTag({ name, mine }: { name: string; mine: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag color={mine ? 'blue' : 'orange'} data-testid="claim-tag">
      {mine ? t('work.admin.claims.byYou') : t('work.admin.claims.beingReviewedBy', { name: name || t('work.admin.claims.anotherAdmin') })}
    </Tag>
  );
}
