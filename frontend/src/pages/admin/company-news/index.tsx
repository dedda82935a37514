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
import { formatNewsDate, newsPreview, SEARCH_MIN_LENGTH, useAdminNewsQuery, useDeleteNewsMutation, type TNewsArticle } from '../../../features/content/content.api';
import '../../../features/content/content.css';
import { NewsFormDialog } from './NewsFormDialog';

/**
 * Admin > Company News (spec 03): back to /admin, every item (drafts too) with a 200-character preview; create, edit,
 * delete. Paged on the server (20 a page, newest first) with the title search and the published filter sent there.
 */
export function CompanyNewsSection() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const [search, setSearch] = useState('');
  const [published, setPublished] = useState<'true' | 'false' | undefined>(undefined);
  const pages = useKeysetPages();
  const { reset } = pages;
  useEffect(() => reset(), [search, published, reset]);
  const { data, isLoading, isFetching, isError, refetch } = useAdminNewsQuery({
    search: search.length >= SEARCH_MIN_LENGTH ? search : undefined,
    published,
    cursor: pages.cursor,
  });
  const [deleteNews, deleteState] = useDeleteNewsMutation();
  const [dialog, setDialog] = useState<{ open: boolean; article: TNewsArticle | null }>({ open: false, article: null });
  const [deleting, setDeleting] = useState<TNewsArticle | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteNews(deleting.id).unwrap();
      toast({ title: t('news.admin.toasts.deleted') });
      setDeleting(null);
    } catch (error) {
      toast({ title: t('news.admin.toasts.deleteError'), description: serverMessageOf(error) ?? t('news.admin.toasts.deleteFailed'), variant: 'destructive' });
    }
  };

  const columns: ColumnsType<TNewsArticle> = [
    { key: 'title', title: t('news.admin.columns.title'), dataIndex: 'title', width: 220, render: (title: string) => <WrapText>{title}</WrapText> },
    {
      key: 'content',
      title: t('news.admin.columns.content'),
      dataIndex: 'content',
      width: 380,
      render: (content: string) => <div className="news-admin-preview wrap-text-cell">{newsPreview(content)}</div>,
    },
    {
      key: 'status',
      title: t('news.admin.columns.status'),
      render: (_: unknown, item) => (item.isPublished ? <Tag color="green">{t('news.admin.published')}</Tag> : <Tag>{t('news.admin.draft')}</Tag>),
    },
    { key: 'createdAt', title: t('news.admin.columns.createdAt'), dataIndex: 'createdAt', render: (value: string) => formatNewsDate(value, i18n.language) },
    {
      key: 'actions',
      title: t('news.admin.columns.actions'),
      render: (_: unknown, item) => (
        <Space>
          <Button size="small" icon={<EditOutlined />} onClick={() => setDialog({ open: true, article: item })} aria-label={`${t('news.admin.edit')}: ${item.title}`}>
            {t('news.admin.edit')}
          </Button>
          <Button size="small" danger icon={<DeleteOutlined />} onClick={() => setDeleting(item)} aria-label={`${t('news.admin.delete')}: ${item.title}`}>
            {t('news.admin.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div className="admin-section" data-testid="company-news-section">
      <div className="admin-toolbar">
        <Space wrap>
          <Button className="back-action" icon={<ArrowLeftOutlined />} onClick={() => navigate('/admin')}>
            {t('news.admin.back')}
          </Button>
          <ListSearch label={t('news.admin.searchPlaceholder')} onSearch={setSearch} />
          <Select<'true' | 'false'>
            allowClear
            style={{ minWidth: 160 }}
            placeholder={t('news.admin.allStatuses')}
            aria-label={t('news.admin.statusFilter')}
            value={published}
            onChange={(value) => setPublished(value)}
            options={[
              { value: 'true', label: t('news.admin.published') },
              { value: 'false', label: t('news.admin.draft') },
            ]}
          />
          {data && (
            <span className="muted small" data-testid="news-total">
              {t('news.admin.total', { total: formatTotal(data.total, data.totalExact, i18n.language) })}
            </span>
          )}
        </Space>
        <Space>
          <Button icon={<ReloadOutlined />} loading={isFetching && !isLoading} onClick={() => void refetch()}>
            {t('news.admin.refresh')}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true, article: null })}>
            {t('news.admin.create')}
          </Button>
        </Space>
      </div>
      {isError && <Alert type="error" showIcon title={t('news.loadFailed')} />}
      {!isError && (
        <DataTable<TNewsArticle>
          label={t('news.title')}
          rowKey="id"
          columns={columns}
          dataSource={data?.items ?? []}
          loading={isLoading || isFetching}
          locale={{ emptyText: search || published ? t('news.admin.noMatches') : t('news.admin.empty') }}
          pagination={false}
        />
      )}
      <KeysetPager pages={pages} nextCursor={data?.nextCursor} testId="news-pager" />
      <NewsFormDialog open={dialog.open} article={dialog.article} onClose={() => setDialog({ open: false, article: null })} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('news.admin.confirmDelete.title')}
        confirmLabel={t('news.admin.confirmDelete.confirm')}
        danger
        loading={deleteState.isLoading}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
        testId="news-delete-confirm"
      >
        {t('news.admin.confirmDelete.text', { title: deleting?.title ?? '' })}
      </ConfirmDialog>
    </div>
  );
}
