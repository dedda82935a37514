import type { TWorkerTask } from '@platform/contracts';
import { MAX_SUBMISSION_FILES, MAX_SUBMISSION_FILE_BYTES, SUBMISSION_ACCEPT } from '@platform/contracts/constants';
import { CloseOutlined, PaperClipOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Modal, Progress } from 'antd';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { serverMessageOf } from '../../app/errorMessage';
import { FieldError, fieldA11y } from '../../components/forms/FieldError';
import { useFieldErrors } from '../../components/forms/useFieldErrors';
import { useToast } from '../../components/toast';
import { endSession } from '../session/endSession';
import { fileSizeParts } from './taskStatus';
import { WORK_TAGS, workApi } from './tasks.api';
import { UploadError, uploadSubmission } from './uploadSubmission';
import { useSessionToken } from './useSessionToken';

interface TPickedFile {
  key: string;
  file: File;
}

export interface TFilePickResult {
  accepted: File[];
  problems: { kind: 'tooMany' | 'tooLarge' | 'wrongType'; name?: string }[];
}

/**
 * The client's conveniences (spec 02 s.5; the server enforces all of them): images and videos only, 50 MB per file,
 * at most 10 files in all. A file without a declared type is left for the server to judge by its content.
 */
export function pickFiles(current: number, incoming: readonly File[]): TFilePickResult {
  const accepted: File[] = [];
  const problems: TFilePickResult['problems'] = [];
  let tooMany = false;
  for (const file of incoming) {
    if (file.type !== '' && !file.type.startsWith('image/') && !file.type.startsWith('video/')) {
      problems.push({ kind: 'wrongType', name: file.name });
    } else if (file.size > MAX_SUBMISSION_FILE_BYTES) {
      problems.push({ kind: 'tooLarge', name: file.name });
    } else if (current + accepted.length >= MAX_SUBMISSION_FILES) {
      tooMany = true;
    } else {
      accepted.push(file);
    }
  }
  if (tooMany) problems.push({ kind: 'tooMany' });
  return { accepted, problems };
}

let nextKey = 0;

interface TSubmitTaskDialogProps {
  task: TWorkerTask | null;
  onClose: () => void;
}

/** Spec 02 s.5: the submission text (required), optional images and videos, and the upload's progress. */
export function SubmitTaskDialog({ task, onClose }: TSubmitTaskDialogProps) {
  return (
    <Modal
      open={task !== null}
      title={task?.title}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      maskClosable={false}
    >
      {task && <SubmitTaskForm task={task} onClose={onClose} />}
    </Modal>
  );
}

function SubmitTaskForm({ task, onClose }: { task: TWorkerTask; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const dispatch = useAppDispatch();
  const token = useSessionToken();
  const input = useRef<HTMLInputElement>(null);
  const resubmission = task.userStatus === 'rejected';
  // A resubmission starts from the earlier text: the worker revises it rather than typing it again.
  const [text, setText] = useState(() => (resubmission ? (task.userSubmission ?? task.submission ?? task.userAssignment?.submission ?? '') : ''));
  const [touched, setTouched] = useState(false);
  const fieldErrors = useFieldErrors(['submission', 'files']);
  const [files, setFiles] = useState<TPickedFile[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const [percent, setPercent] = useState<number | null>(null);
  const sending = percent !== null;
  const textMissing = text.trim() === '';
  const action = `task.submit:${task.id}`;

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const incoming = Array.from(event.target.files ?? []);
    event.target.value = '';
    const result = pickFiles(files.length, incoming);
    setFiles((current) => [...current, ...result.accepted.map((file) => ({ key: `f${nextKey++}`, file }))]);
    fieldErrors.clear('files');
    setProblems(
      result.problems.map((problem) =>
        problem.kind === 'tooMany' ? t('work.worker.submit.tooMany') : t(`work.worker.submit.${problem.kind}`, { name: problem.name ?? '' }),
      ),
    );
  };

  const remove = (key: string) => {
    setFiles((current) => current.filter((entry) => entry.key !== key));
    setProblems([]);
  };

  const send = async () => {
    setTouched(true);
    if (textMissing || sending) return;
    setPercent(0);
    fieldErrors.clearAll();
    try {
      await uploadSubmission({ taskId: task.id, submission: text.trim(), files: files.map((entry) => entry.file), token: token(), onProgress: setPercent });
      toast({ title: t('work.worker.toasts.submitted'), action });
      dispatch(workApi.util.invalidateTags([WORK_TAGS.workerTask, WORK_TAGS.submission, WORK_TAGS.adminTask]));
      onClose();
    } catch (error) {
      setPercent(null);
      if (error instanceof UploadError && error.status === 401) {
        endSession(dispatch);
        return;
      }
      // A refused text or file is shown under it, the dialog kept as it was.
      if (fieldErrors.showServerError(error)) {
        toast.dismiss(action);
        return;
      }
      const message = error instanceof UploadError ? serverMessageOf(error) : undefined;
      toast({ title: t('work.worker.toasts.submitFailed'), description: message ?? t('work.worker.toasts.tryAgain'), variant: 'destructive', action });
    }
  };

  const textError = touched && textMissing ? t('work.worker.submit.textRequired') : fieldErrors.errorOf('submission');
  return (
    <form
      className="submit-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <h3 className="submit-form-title">{t(resubmission ? 'work.worker.submit.resubmitTitle' : 'work.worker.submit.title')}</h3>
      {resubmission && task.rejectionReason && <Alert type="error" showIcon title={t('work.worker.rejectionTitle')} description={task.rejectionReason} />}
      {task.submissionInstructions && <p className="muted small submit-form-instructions">{task.submissionInstructions}</p>}

      <label className="submit-form-label" htmlFor="submission-text">
        {t('work.worker.submit.textLabel')}
      </label>
      <Input.TextArea
        id="submission-text"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          fieldErrors.clear('submission');
        }}
        onBlur={() => setTouched(true)}
        placeholder={t('work.worker.submit.textPlaceholder')}
        autoSize={{ minRows: 4, maxRows: 10 }}
        disabled={sending}
        maxLength={20_000}
        {...fieldA11y('submission-text-error', textError)}
      />
      <FieldError id="submission-text-error" message={textError} />

      <div className="submit-form-label">{t('work.worker.submit.filesLabel')}</div>
      <div className="submit-files-picker">
        <Button icon={<PaperClipOutlined />} onClick={() => input.current?.click()} disabled={sending || files.length >= MAX_SUBMISSION_FILES}>
          {t('work.worker.submit.addFiles')}
        </Button>
        <div className="muted small">
          <div>{t('work.worker.submit.filesHint')}</div>
          <div>{t('work.worker.submit.filesTypes', { count: MAX_SUBMISSION_FILES })}</div>
        </div>
        <input ref={input} type="file" multiple accept={SUBMISSION_ACCEPT} onChange={onPick} hidden data-testid="submission-files" />
      </div>
      <FieldError id="submission-files-error" message={fieldErrors.errorOf('files')} />
      {problems.length > 0 && (
        <div className="field-error" role="alert" data-testid="file-problems">
          {problems.map((problem) => (
            <div key={problem}>{problem}</div>
          ))}
        </div>
      )}
      {files.length > 0 && (
        <ul className="submit-file-list" data-testid="picked-files">
          {files.map(({ key, file }) => {
            const size = fileSizeParts(file.size, i18n.language);
            return (
              <li key={key}>
                <span className="work-file-name" title={file.name}>
                  {file.name}
                </span>
                <span className="muted small">{t(`work.files.units.${size.unit}`, { value: size.value })}</span>
                <Button
                  size="small"
                  type="text"
                  icon={<CloseOutlined />}
                  disabled={sending}
                  onClick={() => remove(key)}
                  aria-label={t('work.worker.submit.remove', { name: file.name })}
                />
              </li>
            );
          })}
        </ul>
      )}

      {percent !== null && (
        <div className="upload-progress" data-testid="upload-progress" data-percent={percent}>
          <Progress percent={percent} size="small" status="active" showInfo={false} aria-label={t('work.worker.submit.uploading', { percent })} />
          <span className="muted small">{t('work.worker.submit.uploading', { percent })}</span>
        </div>
      )}

      <div className="dialog-footer">
        <Button onClick={onClose} disabled={sending}>
          {t('common.cancel')}
        </Button>
        <Button type="primary" htmlType="submit" disabled={textMissing} loading={sending}>
          {sending ? t('work.worker.submit.sending') : t(resubmission ? 'work.worker.actions.resubmit' : 'work.worker.submit.send')}
        </Button>
      </div>
    </form>
  );
}
