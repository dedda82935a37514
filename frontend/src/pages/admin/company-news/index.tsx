import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useFormat } from '../../../app/format';
import { WrapText } from '../../../components/DataTable';
import { useDeleteConfirm } from '../../../components/dialogs/useDeleteConfirm';
import { useKeysetPages } from '../../../components/KeysetPager';
import { ListPage } from '../../../components/list/ListPage';
import { RowActions } from '../../../components/list/RowActions';
import { SelectFilter } from '../../../components/list/filters';
import { ListSearch } from '../../../components/ListSearch';
import { newsPreview, SEARCH_MIN_LENGTH, useAdminNewsQuery, useDeleteNewsMutation, type TNewsArticle } from '../../../features/content/content.api';
import '../../../features/content/content.css';
import { NewsFormDialog } from './NewsFormDialog';

/**
 * Admin > Company News (spec 03): back to /admin, every item (drafts too) with a 200-character preview; create, edit,
 * delete. Paged on the server (20 a page, newest first) with the title search and the published filter sent there.
 */
export function CompanyNewsSection() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const format = useFormat();
  const [search, setSearch] = useState('');
  const [published, setPublished] = useState<'true' | 'false' | undefined>(undefined);
  const pages = useKeysetPages();
  const { reset } = pages;
  useEffect(() => reset(), [search, published, reset]);
  const query = useAdminNewsQuery({
    search: search.length >= SEARCH_MIN_LENGTH ? search : undefined,
    published,
    cursor: pages.cursor,
  });
  const [deleteNews] = useDeleteNewsMutation();
  const [dialog, setDialog] = useState<{ open: boolean; article: TNewsArticle | null }>({ open: false, article: null });
  const deleting = useDeleteConfirm<TNewsArticle>({
    title: t('news.admin.confirmDelete.title'),
    describe: (item) => t('news.admin.confirmDelete.text', { title: item.title }),
    remove: (item) => deleteNews(item.id).unwrap(),
    deletedTitle: t('news.admin.toasts.deleted'),
    failedTitle: t('news.admin.toasts.deleteError'),
    toastKey: (item) => `news.delete:${item.id}`,
    testId: 'news-delete-confirm',
  });

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
      title: t('common.status'),
      render: (_: unknown, item) => (item.isPublished ? <Tag color="green">{t('news.admin.published')}</Tag> : <Tag>{t('news.admin.draft')}</Tag>),
    },
    { key: 'createdAt', title: t('news.admin.columns.createdAt'), dataIndex: 'createdAt', render: (value: string) => format.date(value) },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 130,
      render: (_: unknown, item) => (
        <RowActions
          actions={[
            { key: 'edit', label: t('common.edit'), onClick: () => setDialog({ open: true, article: item }) },
            { key: 'delete', label: t('common.delete'), danger: true, onClick: () => deleting.ask(item) },
          ]}
        />
      ),
    },
  ];

  return (
    <div className="admin-section" data-testid="company-news-section">
      <ListPage<TNewsArticle>
        query={query}
        pages={pages}
        testId="news"
        loadFailed={t('news.loadFailed')}
        create={{ label: t('news.admin.create'), onClick: () => setDialog({ open: true, article: null }) }}
        filters={
          <>
            <Button className="back-action" icon={<ArrowLeftOutlined />} onClick={() => navigate('/admin')}>
              {t('news.admin.back')}
            </Button>
            <ListSearch label={t('news.admin.searchPlaceholder')} onSearch={setSearch} />
            <SelectFilter<'true' | 'false'>
              label={t('news.admin.statusFilter')}
              allLabel={t('common.allStatuses')}
              value={published}
              onChange={setPublished}
              options={[
                { value: 'true', label: t('news.admin.published') },
                { value: 'false', label: t('news.admin.draft') },
              ]}
            />
          </>
        }
        table={{
          label: t('news.title'),
          rowKey: 'id',
          columns,
          dataSource: query.data?.items ?? [],
          emptyText: search || published ? t('news.admin.noMatches') : t('news.admin.empty'),
        }}
      >
        <NewsFormDialog open={dialog.open} article={dialog.article} onClose={() => setDialog({ open: false, article: null })} />
        {deleting.element}
      </ListPage>
    </div>
  );
}
