import type { TAdminSubmission, TSubmissionFile } from '@platform/contracts';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Spin, Tag } from 'antd';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { errorMessageOf } from '../../../../app/errorMessage';
import { useFormat } from '../../../../app/format';
import { useToast } from '../../../../components/toast';
import { isInlineMedia } from '../../../../features/tasks/InlineMedia';
import { ControlAccuracyText } from '../../../../features/tasks/WorkerControlAccuracy';
import { useApproveSubmissionMutation, useRejectSubmissionMutation, useWorkerQualityQuery } from '../../../../features/tasks/tasks.admin.api';
import { RejectSubmissionDialog, type TRejectInput } from '../components/RejectSubmissionDialog';
import { isPlainKey, isTypingTarget } from '../components/reviewText';
import { useReviewQueue, type TReviewFilters } from './useReviewQueue';
import { useFileBlobs, type TBlobState } from './useFileBlobs';
import { ClaimNotice } from '../components/ClaimNotice';
import { ControlCheckAlert } from '../components/ControlCheckPanel';
import { SUBMISSIONS_LIST_PATH } from '../useListAddress';
import { useSubmissionClaim } from '../useSubmissionClaim';

/** The keys of the cockpit, in the order the legend shows them. */
export const COCKPIT_KEYS = ['A', 'R', 'J', 'K', 'N', 'Z', 'O'] as const;

const workerName = (s: TAdminSubmission) => `${s.userFirstName} ${s.userLastName}`.trim() || s.userEmail;

/**
 * Admin > Task Submissions > Review (issue 30 item 1): one submission at a time, its images, videos and text inline at
 * full width (a control task's check under the text), the task's instructions and numbered acceptance criteria and the
 * worker's quality record (with their control accuracy) beside it, and
 * keys: A approve, R reject (then a template by its number), J/K next/previous, N next file, Z zoom, O open the
 * original. The keys never fire while the admin types in a text field, nor while a dialog is open. Decisions go
 * through the same calls as the list's Approve and Reject (POST /api/admin/submissions/{id}/approve | reject).
 * Pages through the server's list with the list's filter (the address carries it, with the list's sort and page for
 * the way back).
 */
export function ReviewCockpit({ filters }: { filters: TReviewFilters }) {
  const { t } = useTranslation();
  const format = useFormat();
  const toast = useToast();
  const navigate = useNavigate();
  const { search } = useLocation();
  const queue = useReviewQueue(filters);
  const { current, decisions } = queue;
  const [approveSubmission] = useApproveSubmissionMutation();
  const [rejectSubmission, rejectState] = useRejectSubmissionMutation();
  const [busy, setBusy] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<TAdminSubmission | null>(null);
  const [fileIndex, setFileIndex] = useState(0);
  const [zoomed, setZoomed] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const quality = useWorkerQualityQuery(current?.userId ?? '', { skip: !current });
  const decided = current ? decisions[current.id] : undefined;
  const record = quality.data;

  // Who is reviewing what (issue 30): the item on screen is claimed while it is shown (renewed, released on moving on);
  // one another admin holds is named above the work and not decided here (the server refuses it too).
  const claim = useSubmissionClaim(current && decided === undefined && current.status === 'submitted' ? current.id : undefined);
  const claimedByOther = claim.claimedBy !== null && !claim.mine;
  const canDecide = current !== undefined && decided === undefined && current.status === 'submitted' && busy === null && !claimedByOther;

  const media = useMemo(() => current?.files.filter(isInlineMedia) ?? [], [current]);
  const nextItem = queue.items[queue.index + 1];
  const wanted = useMemo(() => [...media, ...(nextItem?.files.filter(isInlineMedia) ?? [])], [media, nextItem]);
  const blobs = useFileBlobs(wanted);
  const file = media[Math.min(fileIndex, Math.max(0, media.length - 1))];

  // A new submission: its first file, not zoomed, and the focus on the cockpit (never left on a control that went).
  useEffect(() => {
    setFileIndex(0);
    setZoomed(false);
    rootRef.current?.focus({ preventScroll: true });
    rootRef.current?.scrollIntoView?.({ block: 'start' });
  }, [current?.id, queue.index]);

  const toastKey = 'submission.cockpit';
  // A second A before the first answer is drawn (state lags a key press) sends nothing.
  const inFlight = useRef<string | null>(null);
  const approve = useCallback(
    async (submission: TAdminSubmission) => {
      if (inFlight.current !== null) return;
      inFlight.current = submission.id;
      setBusy(submission.id);
      try {
        await approveSubmission(submission.id).unwrap();
        queue.decide(submission.id, 'approved');
        toast({ title: t('work.admin.submissions.cockpit.approvedToast', { amount: format.money(submission.taskReward), name: workerName(submission) }), action: toastKey });
        queue.next();
      } catch (error) {
        toast({ title: t('work.admin.submissions.toasts.approveFailed'), description: errorMessageOf(error) ?? t('work.admin.submissions.toasts.tryAgain'), variant: 'destructive', action: toastKey });
      } finally {
        inFlight.current = null;
        setBusy(null);
      }
    },
    [approveSubmission, queue, toast, t, format],
  );

  const reject = async (input: TRejectInput) => {
    const submission = rejecting;
    if (!submission || inFlight.current !== null) return;
    inFlight.current = submission.id;
    setBusy(submission.id);
    try {
      await rejectSubmission({ id: submission.id, ...input }).unwrap();
      queue.decide(submission.id, 'rejected');
      setRejecting(null);
      toast({ title: t('work.admin.submissions.cockpit.rejectedToast', { name: workerName(submission) }), action: toastKey });
      queue.next();
    } catch (error) {
      toast({ title: t('work.admin.submissions.toasts.rejectFailed'), description: errorMessageOf(error) ?? t('work.admin.submissions.toasts.tryAgain'), variant: 'destructive', action: toastKey });
    } finally {
      inFlight.current = null;
      setBusy(null);
    }
  };

  const openOriginal = useCallback(
    (target: TSubmissionFile | undefined) => {
      const state = target ? blobs[target.fileName] : undefined;
      if (state?.status === 'ready') window.open(state.url, '_blank', 'noopener');
    },
    [blobs],
  );

  // The keys: on the whole page while the cockpit is shown, never from a text field, never with Ctrl/Alt/Meta, never
  // while the reject dialog is open; a held A or R does not repeat. A layout effect, so the listener knows the
  // submission on screen from the moment it is drawn (a key pressed at once acts on what the admin sees).
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || rejecting || isTypingTarget(event.target) || !isPlainKey(event) || event.shiftKey) return;
      const key = event.key.toLowerCase();
      const handled = () => event.preventDefault();
      if (key === 'j') {
        handled();
        queue.next();
      } else if (key === 'k') {
        handled();
        queue.previous();
      } else if (event.repeat) {
        return;
      } else if (key === 'a' && current && canDecide && inFlight.current === null) {
        handled();
        void approve(current);
      } else if (key === 'r' && current && canDecide) {
        handled();
        setRejecting(current);
      } else if (key === 'n' && media.length > 1) {
        handled();
        setFileIndex((i) => (i + 1) % media.length);
      } else if (key === 'z' && file) {
        handled();
        setZoomed((z) => !z);
      } else if (key === 'o' && file) {
        handled();
        openOriginal(file);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [queue, current, canDecide, approve, rejecting, media.length, file, openOriginal]);

  // The cockpit's address is the list's (its filters, sort and page, issue 30): back to the list as it was left.
  const backToList = () => navigate(`${SUBMISSIONS_LIST_PATH}${search}`);
  const position = queue.items.length === 0 ? 0 : Math.min(queue.index + 1, queue.items.length);
  const reviewed = Object.keys(decisions).length;

  return (
    <div className="review-cockpit" ref={rootRef} tabIndex={-1} role="region" data-testid="review-cockpit" aria-label={t('work.admin.submissions.cockpit.title')}>
      <div className="review-cockpit-bar">
        <Button icon={<ArrowLeftOutlined />} onClick={backToList}>
          {t('work.admin.submissions.cockpit.backToList')}
        </Button>
        <span className="review-cockpit-position" data-testid="cockpit-position" aria-live="polite">
          {t('work.admin.submissions.cockpit.position', {
            position: format.count(position),
            total: queue.totalExact ? format.count(queue.total) : `${format.count(queue.total)}+`,
          })}
          {' · '}
          {t('work.admin.submissions.cockpit.reviewed', { decided: format.count(reviewed) })}
        </span>
        <KeyLegend />
      </div>

      {queue.failed && (
        <Alert
          type="error"
          showIcon
          title={t('work.admin.submissions.cockpit.loadFailed')}
          action={
            <Button size="small" onClick={queue.retry}>
              {t('work.admin.submissions.cockpit.retry')}
            </Button>
          }
        />
      )}

      {!current ? (
        queue.loading ? (
          <div className="center-block">
            <Spin />
          </div>
        ) : (
          <div className="review-cockpit-end" data-testid="cockpit-end">
            <Empty description={queue.items.length === 0 ? t('work.admin.submissions.empty') : t('work.admin.submissions.cockpit.allDone', { decided: format.count(reviewed) })}>
              <Button type="primary" onClick={backToList}>
                {t('work.admin.submissions.cockpit.backToList')}
              </Button>
            </Empty>
          </div>
        )
      ) : (
        <div className="review-cockpit-grid" data-testid="cockpit-item" data-submission-id={current.id}>
          <section className="review-cockpit-work" aria-label={t('work.admin.submissions.cockpit.work')}>
            {claimedByOther && <ClaimNotice claim={claim} />}
            <header className="review-cockpit-head">
              <h2 className="review-cockpit-title">{current.taskTitle}</h2>
              <div className="review-cockpit-meta">
                <strong>{format.money(current.taskReward)}</strong>
                <span>{workerName(current)}</span>
                <span className="muted">{current.userEmail}</span>
                <span className="muted">{current.submittedAt ? format.dateTime(current.submittedAt) : t('work.common.notSet')}</span>
                {decided && (
                  <Tag color={decided === 'approved' ? 'green' : decided === 'rejected' ? 'red' : 'default'} data-testid="cockpit-decided">
                    {t(`work.admin.submissions.cockpit.decided.${decided}`)}
                  </Tag>
                )}
              </div>
            </header>
            {current.rejectionReason && <Alert type="warning" showIcon title={t('work.admin.submissions.previousRejection')} description={<span className="pre-wrap">{current.rejectionReason}</span>} />}
            {media.length > 0 && file ? (
              <figure className="review-cockpit-media" data-testid="cockpit-media">
                <div className={`review-cockpit-frame${zoomed ? ' zoomed' : ''}`}>
                  <MediaView file={file} state={blobs[file.fileName]} zoomed={zoomed} onZoom={() => setZoomed((z) => !z)} />
                </div>
                <figcaption className="review-cockpit-caption">
                  <span>
                    {t('work.admin.submissions.cockpit.fileOf', { position: format.count(media.indexOf(file) + 1), total: format.count(media.length) })} · {file.originalName}
                    {file.metadataKept && <span className="muted"> · {t('work.admin.submissions.cockpit.metadataKept')}</span>}
                  </span>
                  <span className="review-cockpit-file-actions">
                    {media.length > 1 && (
                      <Button size="small" onClick={() => setFileIndex((i) => (i + 1) % media.length)}>
                        {t('work.admin.submissions.cockpit.nextFile')}
                      </Button>
                    )}
                    <Button size="small" onClick={() => setZoomed((z) => !z)}>
                      {zoomed ? t('work.admin.submissions.cockpit.fit') : t('work.admin.submissions.cockpit.zoom')}
                    </Button>
                    <Button size="small" onClick={() => openOriginal(file)} disabled={blobs[file.fileName]?.status !== 'ready'}>
                      {t('work.admin.submissions.cockpit.openOriginal')}
                    </Button>
                  </span>
                </figcaption>
              </figure>
            ) : (
              <p className="muted">{t('work.admin.submissions.cockpit.noMedia')}</p>
            )}
            <section>
              <h3 className="task-details-heading">{t('work.admin.submissions.text')}</h3>
              <p className="pre-wrap review-cockpit-text" data-testid="cockpit-text">
                {current.submission ?? t('work.common.notSet')}
              </p>
              {/* A control task (issue 30 item 5): the expected answer under the worker's, and whether they matched. */}
              {current.controlCheck && <ControlCheckAlert check={current.controlCheck} />}
            </section>
            <div className="review-cockpit-actions">
              <Button onClick={queue.previous} disabled={queue.index === 0}>
                {t('work.admin.submissions.cockpit.previous')}
              </Button>
              <Button onClick={queue.next}>{t('work.admin.submissions.cockpit.next')}</Button>
              <span className="review-cockpit-spacer" />
              <Button danger disabled={!canDecide} onClick={() => setRejecting(current)} data-testid="cockpit-reject">
                {t('work.admin.submissions.reject')}
              </Button>
              <Button type="primary" disabled={!canDecide} loading={busy === current.id} onClick={() => void approve(current)} data-testid="cockpit-approve">
                {t('work.admin.submissions.cockpit.approve', { amount: format.money(current.taskReward) })}
              </Button>
            </div>
          </section>

          <aside className="review-cockpit-side" aria-label={t('work.admin.submissions.cockpit.task')}>
            <section>
              <h3 className="task-details-heading">{t('work.common.description')}</h3>
              <p className="pre-wrap">{current.taskDescription}</p>
            </section>
            {current.taskSubmissionInstructions && (
              <section>
                <h3 className="task-details-heading">{t('work.admin.submissions.cockpit.instructions')}</h3>
                <p className="pre-wrap">{current.taskSubmissionInstructions}</p>
              </section>
            )}
            <section>
              <h3 className="task-details-heading">{t('work.admin.submissions.cockpit.criteria')}</h3>
              {current.taskAcceptanceCriteria.length === 0 ? (
                <p className="muted small">{t('work.admin.submissions.cockpit.noCriteria')}</p>
              ) : (
                <ol className="review-cockpit-criteria" data-testid="cockpit-criteria">
                  {current.taskAcceptanceCriteria.map((text, i) => (
                    <li key={i}>{text}</li>
                  ))}
                </ol>
              )}
            </section>
            <section data-testid="cockpit-quality">
              <h3 className="task-details-heading">{t('work.admin.submissions.cockpit.quality')}</h3>
              {quality.isError ? (
                <p className="muted small">{t('work.admin.submissions.cockpit.qualityFailed')}</p>
              ) : !record ? (
                <Spin size="small" />
              ) : (
                <>
                  <p>
                    <span className="muted">{t('work.worker.quality.approvalRate')}: </span>
                    <strong>{record.approvalRate === null ? t('work.worker.quality.noRate') : format.percent(record.approvalRate)}</strong>
                  </p>
                  <p data-testid="cockpit-control-accuracy" title={t('work.admin.control.accuracyHint')}>
                    <span className="muted">{t('work.admin.control.accuracy')}: </span>
                    <ControlAccuracyText control={record.control} />
                  </p>
                  <dl className="info-list review-cockpit-quality">
                    {(['approved', 'rejected', 'underAppeal', 'returned', 'appealsWon'] as const).map((key) => (
                      <div key={key} style={{ display: 'contents' }}>
                        <dt>{t(`work.worker.quality.${key}`)}</dt>
                        <dd>{format.count(record[key])}</dd>
                      </div>
                    ))}
                  </dl>
                  {record.reasons.length > 0 && (
                    <ul className="review-cockpit-reasons">
                      {record.reasons.slice(0, 3).map((r) => (
                        <li key={r.rejectionId} className="small">
                          <span className="muted">{format.date(r.rejectedAt)} · {r.taskTitle}:</span> {r.reason}
                        </li>
                      ))}
                    </ul>
                  )}
                </>
              )}
            </section>
          </aside>
        </div>
      )}

      <RejectSubmissionDialog
        open={rejecting !== null}
        submission={rejecting}
        loading={rejectState.isLoading}
        onCancel={() => {
          setRejecting(null);
          rootRef.current?.focus({ preventScroll: true });
        }}
        onConfirm={(input) => void reject(input)}
      />
    </div>
  );
}

function MediaView({ file, state, zoomed, onZoom }: { file: TSubmissionFile; state: TBlobState | undefined; zoomed: boolean; onZoom: () => void }) {
  const { t } = useTranslation();
  if (!state || state.status === 'loading') {
    return (
      <div className="inline-media-loading" aria-busy="true">
        <Spin />
      </div>
    );
  }
  if (state.status === 'failed') return <Alert type="warning" showIcon title={t('work.files.openFailed')} description={file.originalName} />;
  return state.type.startsWith('video/') ? (
    <video key={state.url} src={state.url} controls preload="metadata" className="review-cockpit-video" aria-label={file.originalName} />
  ) : (
    <img src={state.url} alt={file.originalName} className={`review-cockpit-image${zoomed ? ' zoomed' : ''}`} onClick={onZoom} data-testid="cockpit-image" />
  );
}

/** The visible key legend. */
function KeyLegend() {
  const { t } = useTranslation();
  return (
    <ul className="review-key-legend" aria-label={t('work.admin.submissions.cockpit.keysLabel')} data-testid="cockpit-keys">
      {COCKPIT_KEYS.map((key) => (
        <li key={key}>
          <kbd className="key-cap">{key}</kbd> {t(`work.admin.submissions.cockpit.keys.${key}`)}
        </li>
      ))}
    </ul>
  );
}
