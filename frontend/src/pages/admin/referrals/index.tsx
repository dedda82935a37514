import type { TReferralLink } from '@platform/contracts';
import { CopyOutlined, DeleteOutlined, EditOutlined, PlusOutlined, QrcodeOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Select, Space, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf } from '../../../app/errorMessage';
import { AppTabs } from '../../../components/AppTabs';
import { DataTable } from '../../../components/DataTable';
import { ConfirmDialog } from '../../../components/dialogs/ConfirmDialog';
import { useDialog } from '../../../components/dialogs/useDialog';
import { KeysetPager, useKeysetPages } from '../../../components/KeysetPager';
import { ListSearch } from '../../../components/ListSearch';
import { formatTotal } from '../../../components/LoadMore';
import { useToast } from '../../../components/toast';
import {
  REFERRAL_SEARCH_MIN_LENGTH,
  useActiveLandingPagesQuery,
  useDeleteReferralLinkMutation,
  useReferralLinksQuery,
  useReferralStatsQuery,
} from '../../../features/referral/referral.admin.api';
import { LandingPagesEditor } from './components/LandingPagesEditor';
import { LinkFormDialog, type TLandingChoice } from './components/LinkFormDialog';
import { QrDialog } from './components/QrDialog';
import { ReferralStatCards } from './components/ReferralStatCards';
import './referrals.css';

export function referralUrl(code: string): string {
  return `${window.location.origin}/ref/${encodeURIComponent(code)}`;
}

function percent(rate: number | null): string {
  return rate === null ? '-' : `${(rate * 100).toFixed(1)}%`;
}

/**
 * Admin > Referral System (spec 03 "Referral Management"): stat cards, the links with their funnel (paged on the
 * server, 20 a page, newest first, with the code/name search and the active filter), landing pages.
 */
export function ReferralsSection() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [search, setSearch] = useState('');
  const [active, setActive] = useState<'true' | 'false' | undefined>(undefined);
  const pages = useKeysetPages();
  const { data, isLoading, isFetching, refetch } = useReferralLinksQuery({
    search: search.length >= REFERRAL_SEARCH_MIN_LENGTH ? search : undefined,
    active,
    cursor: pages.cursor,
  });
  const links = data?.items ?? [];
  const { reset } = pages;
  useEffect(() => reset(), [search, active, reset]);
  const { data: stats } = useReferralStatsQuery();
  const { data: activePages = [] } = useActiveLandingPagesQuery();
  const [form, setForm] = useState<{ open: boolean; link: TReferralLink | null }>({ open: false, link: null });
  // A link's form offers the active pages, and the link's own page even when it is no longer active.
  const choices = useMemo<TLandingChoice[]>(() => {
    const own = form.link;
    if (!own || activePages.some((page) => page.id === own.landingPageId)) return activePages;
    return [...activePages, { id: own.landingPageId, name: own.landingPage.name, displayName: own.landingPage.displayName }];
  }, [activePages, form.link]);
  const qr = useDialog<TReferralLink>();
  const deleting = useDialog<TReferralLink>();
  const [deleteLink, deleteState] = useDeleteReferralLinkMutation();

  const copy = async (link: TReferralLink) => {
    const action = `referral.copy:${link.id}`;
    try {
      await navigator.clipboard.writeText(referralUrl(link.code));
      toast({ title: t('referrals.admin.copied'), action });
    } catch {
      toast({ title: t('referrals.admin.copyFailed'), variant: 'destructive', action });
    }
  };

  const remove = async (link: TReferralLink) => {
    const action = `referral.delete:${link.id}`;
    try {
      const result = await deleteLink(link.id).unwrap();
      deleting.close();
      toast({ title: t(result.deleted ? 'referrals.admin.toasts.deleted' : 'referrals.admin.toasts.deactivated'), action });
    } catch (error) {
      deleting.close();
      toast({ title: t('referrals.admin.toasts.deleteFailed'), description: errorMessageOf(error), variant: 'destructive', action });
    }
  };

  const columns: TableColumnsType<TReferralLink> = [
    {
      title: t('referrals.admin.columns.name'),
      dataIndex: 'name',
      width: 200,
      render: (name: string, row) => (
        <div>
          <div className="referral-name">{name}</div>
          {row.description && <div className="muted small">{row.description}</div>}
        </div>
      ),
    },
    {
      title: t('referrals.admin.columns.code'),
      dataIndex: 'code',
      render: (code: string) => (
        <div>
          <code>{code}</code>
          <div className="muted small referral-url">{referralUrl(code)}</div>
        </div>
      ),
    },
    { title: t('referrals.admin.columns.landingPage'), key: 'landingPage', render: (_: unknown, row) => row.landingPage.displayName },
    {
      title: t('referrals.admin.columns.status'),
      dataIndex: 'isActive',
      render: (active: boolean) => <Tag color={active ? 'green' : 'default'}>{t(active ? 'referrals.admin.active' : 'referrals.admin.inactive')}</Tag>,
    },
    {
      title: t('referrals.admin.columns.clicks'),
      dataIndex: 'totalClicks',
      align: 'right',
      render: (clicks: number, row) => (
        <Tooltip title={t('referrals.admin.clicksTitle', { raw: row.rawClicks, counted: clicks })}>
          <span data-testid={`clicks-${row.code}`}>{clicks}</span>
        </Tooltip>
      ),
    },
    {
      title: t('referrals.admin.columns.registrations'),
      dataIndex: 'totalRegistrations',
      align: 'right',
      render: (n: number, row) => <span data-testid={`registrations-${row.code}`}>{n}</span>,
    },
    { title: t('referrals.admin.columns.conversion'), dataIndex: 'conversionRate', align: 'right', render: (rate: number | null) => percent(rate) },
    { title: t('referrals.admin.columns.firstTask'), dataIndex: 'firstTaskCount', align: 'right' },
    { title: t('referrals.admin.columns.paid'), dataIndex: 'paidCount', align: 'right' },
    {
      title: t('referrals.admin.columns.actions'),
      key: 'actions',
      render: (_: unknown, row) => (
        <Space size={4}>
          <Tooltip title={t('referrals.admin.copy')}>
            <Button size="small" icon={<CopyOutlined />} aria-label={t('referrals.admin.copy')} onClick={() => void copy(row)} />
          </Tooltip>
          <Tooltip title={t('referrals.admin.qr')}>
            <Button size="small" icon={<QrcodeOutlined />} aria-label={t('referrals.admin.qr')} onClick={() => qr.open(row)} />
          </Tooltip>
          <Tooltip title={t('referrals.admin.edit')}>
            <Button size="small" icon={<EditOutlined />} aria-label={t('referrals.admin.edit')} onClick={() => setForm({ open: true, link: row })} />
          </Tooltip>
          <Tooltip title={t('referrals.admin.delete')}>
            <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('referrals.admin.delete')} onClick={() => deleting.open(row)} />
          </Tooltip>
        </Space>
      ),
    },
  ];

  const linksTab = (
    <div className="referral-links">
      <ReferralStatCards stats={stats} />
      <p className="muted small referral-note">{t('referrals.admin.countingNote')}</p>
      <div className="admin-toolbar">
        <Space wrap>
          <ListSearch label={t('referrals.admin.searchLinks')} onSearch={setSearch} />
          <Select<'true' | 'false'>
            allowClear
            style={{ minWidth: 160 }}
            placeholder={t('referrals.admin.allStates')}
            aria-label={t('referrals.admin.activeFilter')}
            value={active}
            onChange={(value) => setActive(value)}
            options={[
              { value: 'true', label: t('referrals.admin.active') },
              { value: 'false', label: t('referrals.admin.inactive') },
            ]}
          />
        </Space>
        <Space>
          <span className="muted" data-testid="referral-links-total">
            {t('referrals.admin.total', { total: data ? formatTotal(data.total, data.totalExact, i18n.language) : '0' })}
          </span>
          <Button icon={<ReloadOutlined />} loading={isFetching && !isLoading} onClick={() => void refetch()}>
            {t('referrals.admin.refresh')}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ open: true, link: null })} data-testid="referral-create">
            {t('referrals.admin.create')}
          </Button>
        </Space>
      </div>
      <DataTable<TReferralLink>
        label={t('referrals.admin.tabs.links')}
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={links}
        loading={isLoading || isFetching}
        pagination={false}
        locale={{ emptyText: t('referrals.admin.empty') }}
      />
      <KeysetPager pages={pages} nextCursor={data?.nextCursor} testId="referral-links-pager" />
    </div>
  );

  return (
    <div className="admin-section referral-admin" data-testid="admin-referrals">
      <h2 className="admin-section-title">{t('referrals.admin.title')}</h2>
      <AppTabs
        items={[
          { key: 'links', label: t('referrals.admin.tabs.links'), children: linksTab },
          { key: 'pages', label: t('referrals.admin.tabs.pages'), children: <LandingPagesEditor /> },
        ]}
      />
      <LinkFormDialog open={form.open} link={form.link} pages={choices} onClose={() => setForm({ open: false, link: null })} />
      {qr.target && <QrDialog open={qr.isOpen} name={qr.target.name} code={qr.target.code} url={referralUrl(qr.target.code)} onClose={qr.close} />}
      <ConfirmDialog
        open={deleting.isOpen}
        afterClose={deleting.afterClose}
        title={t('referrals.admin.deleteTitle')}
        confirmLabel={t('referrals.admin.delete')}
        cancelLabel={t('referrals.admin.cancel')}
        danger
        loading={deleteState.isLoading}
        onConfirm={() => deleting.target && void remove(deleting.target)}
        onCancel={deleting.close}
      >
        {t('referrals.admin.deleteText', { name: deleting.target?.name ?? '' })}
      </ConfirmDialog>
    </div>
  );
}
