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
import { ActiveFilter } from '../../../components/list/filters';
import { ListSearch } from '../../../components/ListSearch';
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
  const { t } = useTranslation();
  const navigate = useNavigate();
  const format = useFormat();
  const [search, setSearch] = useState('');
  const [active, setActive] = useState<'true' | 'false' | undefined>(undefined);
  const pages = useKeysetPages();
  const query = useAdminDocumentsQuery({
    search: search.length >= SEARCH_MIN_LENGTH ? search : undefined,
    active,
    cursor: pages.cursor,
  });
  const { reset } = pages;
  useEffect(() => reset(), [search, active, reset]);
  const [deleteDocument] = useDeleteDocumentMutation();
  const [dialog, setDialog] = useState<{ open: boolean; document: TAdminDocument | null }>({ open: false, document: null });
  const deleting = useDeleteConfirm<TAdminDocument>({
    title: t('news.documents.confirmDelete.title'),
    describe: (d) => t('news.documents.confirmDelete.text', { title: d.title }),
    remove: (d) => deleteDocument(d.id).unwrap(),
    deletedTitle: t('news.documents.toasts.deleted'),
    failedTitle: t('news.documents.toasts.deleteFailed'),
    toastKey: (d) => `document.delete:${d.id}`,
  });

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
          <strong>{format.count(d.acceptedCount)}</strong>
          {d.acceptances.length > 0 && (
            <div className="muted" style={{ fontSize: 12 }}>
              {t('news.documents.acceptancesByVersion', { list: d.acceptances.map((a) => `${a.version}: ${format.count(a.count)}`).join(', ') })}
            </div>
          )}
        </div>
      ),
    },
    {
      key: 'actions',
      title: t('common.actions'),
      width: 130,
      render: (_: unknown, d) => (
        <RowActions
          actions={[
            { key: 'edit', label: t('common.edit'), onClick: () => setDialog({ open: true, document: d }) },
            { key: 'delete', label: t('common.delete'), danger: true, onClick: () => deleting.ask(d) },
          ]}
        />
      ),
    },
  ];

  return (
    <div className="admin-section" data-testid="documents-section">
      <ListPage<TAdminDocument>
        query={query}
        pages={pages}
        testId="documents"
        create={{ label: t('news.documents.create'), onClick: () => setDialog({ open: true, document: null }) }}
        filters={
          <>
            <Button className="back-action" icon={<ArrowLeftOutlined />} onClick={() => navigate('/admin')}>
              {t('news.documents.back')}
            </Button>
            <ListSearch label={t('news.documents.searchPlaceholder')} onSearch={setSearch} />
            <ActiveFilter
              value={active}
              onChange={setActive}
              labels={{ filter: t('news.documents.activeFilter'), all: t('news.documents.allStates'), active: t('news.documents.active'), inactive: t('news.documents.inactive') }}
            />
          </>
        }
        table={{ label: t('admin.menu.documents'), rowKey: 'id', columns, dataSource: query.data?.items ?? [], emptyText: t('news.documents.empty') }}
      >
        <DocumentFormDialog open={dialog.open} document={dialog.document} onClose={() => setDialog({ open: false, document: null })} />
        {deleting.element}
      </ListPage>
    </div>
  );
}
