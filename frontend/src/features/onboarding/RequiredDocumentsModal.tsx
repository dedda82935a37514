import { FileTextOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Modal, Progress, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useToast } from '../../components/toast';
import { userUpdated } from '../session/session.slice';
import { storeUser } from '../session/session.storage';
import { useAcceptDocumentMutation, useCompleteDocumentsMutation, useRequiredDocumentsQuery, type TRequiredDocument } from './onboarding.api';
import { previewOf } from './preview';
import { useAppName } from '../branding/useAppName';

function DocumentItem({ doc, checked, busy, onChange }: { doc: TRequiredDocument; checked: boolean; busy: boolean; onChange: (value: boolean) => void }) {
  const { t } = useTranslation();
  const preview = previewOf(doc.content, doc.title);
  return (
    <article className={`required-doc${checked ? ' accepted' : ''}`} data-testid={`required-doc-${doc.id}`}>
      <header>
        <FileTextOutlined />
        <div>
          <Typography.Text strong>{doc.title}</Typography.Text>
          <div className="muted small">{t('onboarding.documents.version', { version: doc.version })}</div>
        </div>
      </header>
      <p className="required-doc-preview">{preview.text}</p>
      {preview.truncated && (
        <p className="small">
          <span className="muted">{t('onboarding.documents.readFullHint')}</span>{' '}
          <a href={`/documents/${encodeURIComponent(doc.id)}/view`} target="_blank" rel="noopener noreferrer">
            {t('onboarding.documents.readFull')}
          </a>
        </p>
      )}
      <Checkbox checked={checked} disabled={busy} onChange={(e) => onChange(e.target.checked)}>
        {t('onboarding.documents.accept')}
      </Checkbox>
      {busy && <Spin size="small" style={{ marginLeft: 8 }} />}
    </article>
  );
}

/**
 * Spec 01 s.4: every tick sends an acceptance at once (a failure leaves it unticked); unticking is local only;
 * finishing is possible only when every document is ticked; the user record is then updated from the response.
 */
export function RequiredDocumentsModal({ open, onDone }: { open: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const appName = useAppName();
  const toast = useToast();
  const dispatch = useAppDispatch();
  const hasToken = useAppSelector((s) => s.session.token !== null);
  const { data: documents, isLoading, isError, refetch } = useRequiredDocumentsQuery(undefined, { skip: !open || !hasToken });
  const [acceptDocument] = useAcceptDocumentMutation();
  const [completeDocuments, { isLoading: finishing }] = useCompleteDocumentsMutation();
  const [ticks, setTicks] = useState<Record<string, boolean>>({});
  const [pending, setPending] = useState<Record<string, boolean>>({});

  const docs = documents ?? [];
  const isTicked = (doc: TRequiredDocument) => ticks[doc.id] ?? doc.accepted ?? false;
  const acceptedCount = docs.filter(isTicked).length;
  const allTicked = docs.length > 0 && acceptedCount === docs.length;

  const onTick = async (doc: TRequiredDocument, value: boolean) => {
    if (!value) {
      setTicks((s) => ({ ...s, [doc.id]: false }));
      return;
    }
    setPending((s) => ({ ...s, [doc.id]: true }));
    try {
      await acceptDocument({ id: doc.id, userAgent: navigator.userAgent }).unwrap();
      setTicks((s) => ({ ...s, [doc.id]: true }));
    } catch {
      setTicks((s) => ({ ...s, [doc.id]: false }));
      toast({ title: t('common.error'), description: t('onboarding.documents.acceptFailed'), variant: 'destructive' });
    } finally {
      setPending((s) => ({ ...s, [doc.id]: false }));
    }
  };

  const finish = async () => {
    if (!allTicked) {
      toast({ title: t('onboarding.documents.incomplete'), variant: 'destructive' });
      return;
    }
    try {
      const user = await completeDocuments().unwrap();
      storeUser(user);
      dispatch(userUpdated(user));
      toast({ title: t('onboarding.documents.acceptedTitle'), description: t('onboarding.documents.acceptedDescription', { name: appName }) });
      onDone();
    } catch {
      toast({ title: t('common.error'), description: t('onboarding.documents.completeFailed'), variant: 'destructive' });
    }
  };

  const continueWithoutDocuments = async () => {
    try {
      const user = await completeDocuments().unwrap();
      storeUser(user);
      dispatch(userUpdated(user));
    } catch (error) {
      console.warn('Completing onboarding without documents failed', error);
    }
    onDone();
  };

  let body;
  let footer;
  if (isLoading || (open && !documents && !isError)) {
    body = (
      <div className="center-block" role="status">
        <Spin />
      </div>
    );
    footer = null;
  } else if (isError) {
    body = <Alert type="error" showIcon title={t('onboarding.documents.loadFailed')} />;
    footer = [
      <Button key="close" onClick={onDone}>
        {t('common.close')}
      </Button>,
      <Button key="retry" type="primary" onClick={() => void refetch()}>
        {t('common.retry')}
      </Button>,
    ];
  } else if (docs.length === 0) {
    body = <Typography.Paragraph>{t('onboarding.documents.empty')}</Typography.Paragraph>;
    footer = [
      <Button key="continue" type="primary" loading={finishing} onClick={() => void continueWithoutDocuments()}>
        {t('onboarding.documents.continue')}
      </Button>,
    ];
  } else {
    body = (
      <>
        <Typography.Paragraph type="secondary">{t('onboarding.documents.intro')}</Typography.Paragraph>
        <div className="required-doc-list">
          {docs.map((doc) => (
            <DocumentItem key={doc.id} doc={doc} checked={isTicked(doc)} busy={pending[doc.id] === true} onChange={(v) => void onTick(doc, v)} />
          ))}
        </div>
        <div className="required-doc-progress">
          <Progress
            percent={Math.round((acceptedCount / docs.length) * 100)}
            showInfo={false}
            size="small"
            aria-label={t('onboarding.documents.progress', { accepted: acceptedCount, total: docs.length })}
          />
          <span className="muted small">{t('onboarding.documents.progress', { accepted: acceptedCount, total: docs.length })}</span>
        </div>
      </>
    );
    footer = [
      <Button key="finish" type="primary" size="large" block disabled={!allTicked} loading={finishing} onClick={() => void finish()}>
        {t('onboarding.documents.finish')}
      </Button>,
    ];
  }

  return (
    <Modal open={open} title={t('onboarding.documents.title')} closable={false} mask={{ closable: false }} keyboard={false} footer={footer} centered destroyOnHidden>
      {body}
    </Modal>
  );
}
