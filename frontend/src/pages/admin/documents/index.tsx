import { ArrowLeftOutlined, DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Select, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { serverMessageOf } from '../../../app/errorMessage';
import { DataTable, WrapText } from '../../../components/DataTable';
import { ConfirmDialog } from '../../../components/dialogs/ConfirmDialog';
import { KeysetPager, useKeysetPages } from '../../../components/KeysetPager';
import { ListSearch } from '../../../components/ListSearch';
import { formatTotal } from '../../../components/LoadMore';
import { useToast } from '../../../components/toast';
import { useAdminDocumentsQuery, useDeleteDocumentMutation, type TAdminDocument } from '../../../features/content/content.api';
import { DocumentFormDialog } from './DocumentFormDialog';

/** Shortest title search the server takes (a trigram index serves it); shorter is not sent. */
const SEARCH_MIN_LENGTH = 3;

/**
 * Admin > Documents (spec 03 AMENDED): the company documents (title, type, version, active, requires acceptance,
 * order) with the acceptances of the current version and per version; create, edit (a content change raises the
 * version and asks users to accept again), delete. Paged on the server (20 a page, in display order) with the title
 * search and the active filter; a new filter starts from the first page.
 */
export function DocumentsSection() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const [search, setSearch] = useState('');
  const [active, setActive] = useState<'true' | 'false' | undefined>(undefined);
  const pages = useKeysetPages();
  const { data, isLoading, isFetching, isError, refetch } = useAdminDocumentsQuery({
    search: search.length >= SEARCH_MIN_LENGTH ? search : undefined,
    active,
    cursor: pages.cursor,
  });
  const { reset } = pages;
  useEffect(() => reset(), [search, active, reset]);
  const [deleteDocument, deleteState] = useDeleteDocumentMutation();
  const [dialog, setDialog] = useState<{ open: boolean; document: TAdminDocument | null }>({ open: false, document: null });
  const [deleting, setDeleting] = useState<TAdminDocument | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteDocument(deleting.id).unwrap();
      toast({ title: t('news.documents.toasts.deleted') });
      setDeleting(null);
    } catch (error) {
      toast({ title: t('news.documents.toasts.deleteFailed'), description: serverMessageOf(error), variant: 'destructive' });
    }
  };

  const columns: ColumnsType<TAdminDocument> = [
    { key: 'title', title: t('news.documents.columns.title'), dataIndex: 'title', width: 220, render: (title: string) => <WrapText>{title}</WrapText> },
    { key: 'type', title: t('news.documents.columns.type'), dataIndex: 'type' },
    { key: 'version', title: t('news.documents.columns.version'), dataIndex: 'version' },
    {
      key: 'active',
      title: t('news.documents.columns.active'),
      render: (_: unknown, d) => (d.isActive ? <Tag color="green">{t('news.documents.active')}</Tag> : <Tag>{t('news.documents.inactive')}</Tag>),
    },
    {
      key: 'required',
      title: t('news.documents.columns.requiresAcceptance'),
      render: (_: unknown, d) => (d.requiresAcceptance ? <Tag color="blue">{t('news.documents.required')}</Tag> : <Tag>{t('news.documents.optional')}</Tag>),
    },
    { key: 'order', title: t('news.documents.columns.order'), dataIndex: 'sortOrder' },
    {
      key: 'accepted',
      title: t('news.documents.columns.accepted'),
      render: (_: unknown, d) => (
        <div>
          <strong>{d.acceptedCount}</strong>
          {d.acceptances.length > 0 && (
            <div className="muted" style={{ fontSize: 12 }}>
              {t('news.documents.acceptancesByVersion', { list: d.acceptances.map((a) => `${a.version}: ${a.count}`).join(', ') })}
            </div>
          )}
        </div>
      ),
    },
    {
      key: 'actions',
      title: t('news.documents.columns.actions'),
      render: (_: unknown, d) => (
        <Space>
          <Button size="small" icon={<EditOutlined />} onClick={() => setDialog({ open: true, document: d })} aria-label={`${t('news.documents.edit')}: ${d.title}`}>
            {t('news.documents.edit')}
          </Button>
          <Button size="small" danger icon={<DeleteOutlined />} onClick={() => setDeleting(d)} aria-label={`${t('news.documents.delete')}: ${d.title}`}>
            {t('news.documents.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div className="admin-section" data-testid="documents-section">
      <div className="admin-toolbar">
        <Space wrap>
          <Button className="back-action" icon={<ArrowLeftOutlined />} onClick={() => navigate('/admin')}>
            {t('news.documents.back')}
          </Button>
          <ListSearch label={t('news.documents.searchPlaceholder')} onSearch={setSearch} />
          <Select<'true' | 'false'>
            allowClear
            style={{ minWidth: 160 }}
            placeholder={t('news.documents.allStates')}
            aria-label={t('news.documents.activeFilter')}
            value={active}
            onChange={(value) => setActive(value)}
            options={[
              { value: 'true', label: t('news.documents.active') },
              { value: 'false', label: t('news.documents.inactive') },
            ]}
          />
        </Space>
        <Space>
          <span className="muted" data-testid="documents-total">
            {t('news.documents.total', { total: data ? formatTotal(data.total, data.totalExact, i18n.language) : '0' })}
          </span>
          <Button icon={<ReloadOutlined />} loading={isFetching && !isLoading} onClick={() => void refetch()}>
            {t('news.documents.refresh')}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true, document: null })}>
            {t('news.documents.create')}
          </Button>
        </Space>
      </div>
      {isError && <Alert type="error" showIcon title={t('common.error')} />}
      {!isError && (
        <DataTable<TAdminDocument>
          label={t('news.documents.create')}
          rowKey="id"
          columns={columns}
          dataSource={data?.items ?? []}
          loading={isLoading || isFetching}
          locale={{ emptyText: t('news.documents.empty') }}
          pagination={false}
        />
      )}
      <KeysetPager pages={pages} nextCursor={data?.nextCursor} testId="documents-pager" />
      <DocumentFormDialog open={dialog.open} document={dialog.document} onClose={() => setDialog({ open: false, document: null })} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('news.documents.confirmDelete.title')}
        confirmLabel={t('news.documents.confirmDelete.confirm')}
        danger
        loading={deleteState.isLoading}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        {t('news.documents.confirmDelete.text', { title: deleting?.title ?? '' })}
      </ConfirmDialog>
    </div>
  );
}
