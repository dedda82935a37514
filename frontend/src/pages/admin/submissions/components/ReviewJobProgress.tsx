import type { TReviewJob, TReviewJobItem } from '@platform/contracts';
import { Button, Card, Progress, Tag } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../../app/hooks';
import { useFormat } from '../../../../app/format';
import { tasksAdminApi, useReviewJobItemsQuery, useReviewJobQuery } from '../../../../features/tasks/tasks.admin.api';
import { WORK_TAGS } from '../../../../features/tasks/tasks.api';

/** How often a running job's progress is read (one small row count per poll). */
export const REVIEW_JOB_POLL_MS = 1_000;

const COUNTS = ['approved', 'alreadyDecided', 'spotCheck', 'claimed', 'failed', 'remaining'] as const;

/**
 * The progress of a bulk approval (issue 30 item 4): a bar, the count of each outcome, and the items the job did not
 * decide (every N-th left for an individual look, those another admin was reviewing, failures), each with Open.
 */
export function ReviewJobProgress({ jobId, onOpen, onClose }: { jobId: string; onOpen: (submissionId: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const dispatch = useAppDispatch();
  const { data: job } = useReviewJobQuery(jobId, { pollingInterval: REVIEW_JOB_POLL_MS, skipPollingIfUnfocused: false });
  const done = job?.status === 'done';
  // The queue changed under the job: read it again when it ends.
  useEffect(() => {
    if (done) dispatch(tasksAdminApi.util.invalidateTags([WORK_TAGS.submission]));
  }, [done, dispatch]);
  if (!job) return null;
  const settled = job.total - job.counts.remaining;
  return (
    <Card
      className="review-job-progress"
      data-testid="review-job-progress"
      size="small"
      title={t('work.admin.bulk.title')}
      extra={
        <Button size="small" onClick={onClose}>
          {t('work.admin.bulk.close')}
        </Button>
      }
    >
      <p data-testid="review-job-status">
        {done ? t('work.admin.bulk.done', { total: format.count(job.total) }) : t('work.admin.bulk.running', { done: format.count(settled), total: format.count(job.total) })}
      </p>
      <Progress aria-label={t('work.admin.bulk.title')} percent={job.total === 0 ? 100 : Math.floor((settled * 100) / job.total)} status={done ? 'success' : 'active'} />
      <dl className="review-job-counts">
        {COUNTS.map((key) => (
          <div key={key} data-testid={`review-job-${key}`}>
            <dt>{t(`work.admin.bulk.counts.${key}`)}</dt>
            <dd>{format.count(job.counts[key])}</dd>
          </div>
        ))}
      </dl>
      <NotDecided job={job} onOpen={onOpen} />
    </Card>
  );
}

/** The items to look at: spot checks first, then those another admin was reviewing and the failures (a page each). */
function NotDecided({ job, onOpen }: { job: TReviewJob; onOpen: (submissionId: string) => void }) {
  const { t } = useTranslation();
  const spot = useReviewJobItemsQuery({ id: job.id, outcome: 'spot_check' }, { skip: job.counts.spotCheck === 0 });
  const claimed = useReviewJobItemsQuery({ id: job.id, outcome: 'claimed' }, { skip: job.counts.claimed === 0 || job.status !== 'done' });
  const failed = useReviewJobItemsQuery({ id: job.id, outcome: 'failed' }, { skip: job.counts.failed === 0 || job.status !== 'done' });
  const items: TReviewJobItem[] = [...(spot.data?.items ?? []), ...(claimed.data?.items ?? []), ...(failed.data?.items ?? [])];
  if (items.length === 0) return null;
  return (
    <section>
      <h4 className="task-details-heading">{t('work.admin.bulk.notDecided')}</h4>
      <ul className="review-job-items" data-testid="review-job-items">
        {items.map((item) => (
          <li key={`${item.outcome}-${item.seq}`}>
            <span className="review-job-item">
              <Tag color={item.outcome === 'spot_check' ? 'gold' : item.outcome === 'claimed' ? 'orange' : 'red'}>
                {t(`work.admin.bulk.counts.${item.outcome === 'spot_check' ? 'spotCheck' : item.outcome === 'claimed' ? 'claimed' : 'failed'}`)}
              </Tag>
              {item.taskTitle} <span className="muted">{item.userName}</span>
              {item.outcome === 'claimed' && item.claimedBy && <span className="muted"> ({t('work.admin.bulk.reviewedBy', { name: item.claimedBy })})</span>}
            </span>
            <Button size="small" type="link" onClick={() => onOpen(item.submissionId)}>
              {t('work.admin.bulk.open')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
