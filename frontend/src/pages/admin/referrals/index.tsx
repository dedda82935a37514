import type { TReferralLink } from '@platform/contracts';
import { Tag, Tooltip, type TableColumnsType } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../app/format';
import { AppTabs } from '../../../components/AppTabs';
import { useDeleteConfirm } from '../../../components/dialogs/useDeleteConfirm';
import { useDialog } from '../../../components/dialogs/useDialog';
import { useKeysetPages } from '../../../components/KeysetPager';
import { ListPage } from '../../../components/list/ListPage';
import { RowActions } from '../../../components/list/RowActions';
import { ActiveFilter } from '../../../components/list/filters';
import { ListSearch } from '../../../components/ListSearch';
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

/**
 * Admin > Referral System (spec 03 "Referral Management"): stat cards, the links with their funnel (paged on the
 * server, 20 a page, newest first, with the code/name search and the active filter), landing pages.
 */
export function ReferralsSection() {
  const { t } = useTranslation();
  const toast = useToast();
  const format = useFormat();
  const [search, setSearch] = useState('');
  const [active, setActive] = useState<'true' | 'false' | undefined>(undefined);
  const pages = useKeysetPages();
  const query = useReferralLinksQuery({
    search: search.length >= REFERRAL_SEARCH_MIN_LENGTH ? search : undefined,
    active,
    cursor: pages.cursor,
  });
  const links = query.data?.items ?? [];
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
  const [deleteLink] = useDeleteReferralLinkMutation();
  const deleting = useDeleteConfirm<TReferralLink, { deleted: boolean }>({
    title: t('referrals.admin.deleteTitle'),
    describe: (link) => t('referrals.admin.deleteText', { name: link.name }),
    remove: (link) => deleteLink(link.id).unwrap(),
    deletedTitle: (result) => t(result.deleted ? 'referrals.admin.toasts.deleted' : 'referrals.admin.toasts.deactivated'),
    failedTitle: t('referrals.admin.toasts.deleteFailed'),
    toastKey: (link) => `referral.delete:${link.id}`,
  });

  const copy = async (link: TReferralLink) => {
    const action = `referral.copy:${link.id}`;
    try {
      await navigator.clipboard.writeText(referralUrl(link.code));
      toast({ title: t('referrals.admin.copied'), action });
    } catch {
      toast({ title: t('referrals.admin.copyFailed'), variant: 'destructive', action });
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
      // The whole link is in the title and behind Copy link and QR code: the table fits 1440 px without scrolling.
      render: (code: string) => <code title={referralUrl(code)}>{code}</code>,
    },
    { title: t('referrals.admin.columns.landingPage'), key: 'landingPage', render: (_: unknown, row) => row.landingPage.displayName },
    {
      title: t('common.status'),
      dataIndex: 'isActive',
      render: (active: boolean) => <Tag color={active ? 'green' : 'default'}>{t(active ? 'referrals.admin.active' : 'referrals.admin.inactive')}</Tag>,
    },
    {
      title: t('referrals.admin.columns.clicks'),
      dataIndex: 'totalClicks',
      align: 'right',
      render: (clicks: number, row) => (
        <Tooltip title={t('referrals.admin.clicksTitle', { raw: row.rawClicks, counted: clicks })}>
          <span data-testid={`clicks-${row.code}`}>{format.count(clicks)}</span>
        </Tooltip>
      ),
    },
    {
      title: t('referrals.admin.columns.registrations'),
      dataIndex: 'totalRegistrations',
      align: 'right',
      render: (n: number, row) => <span data-testid={`registrations-${row.code}`}>{format.count(n)}</span>,
    },
    { title: t('referrals.admin.columns.conversion'), dataIndex: 'conversionRate', align: 'right', render: (rate: number | null) => (rate === null ? t('common.dash') : format.percent(rate)) },
    { title: t('referrals.admin.columns.firstTask'), dataIndex: 'firstTaskCount', align: 'right', render: (n: number) => format.count(n) },
    { title: t('referrals.admin.columns.paid'), dataIndex: 'paidCount', align: 'right', render: (n: number) => format.count(n) },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 200,
      render: (_: unknown, row) => (
        <RowActions
          actions={[
            { key: 'edit', label: t('common.edit'), onClick: () => setForm({ open: true, link: row }) },
            { key: 'copy', label: t('referrals.admin.copy'), onClick: () => void copy(row) },
            { key: 'qr', label: t('referrals.admin.qr'), onClick: () => qr.open(row) },
            { key: 'delete', label: t('common.delete'), danger: true, onClick: () => deleting.ask(row) },
          ]}
        />
      ),
    },
  ];

  const linksTab = (
    <div className="referral-links">
      <ListPage<TReferralLink>
        query={query}
        pages={pages}
        testId="referral-links"
        summary={
          <>
            <ReferralStatCards stats={stats} />
            <p className="muted small referral-note">{t('referrals.admin.countingNote')}</p>
          </>
        }
        create={{ label: t('referrals.admin.create'), onClick: () => setForm({ open: true, link: null }), testId: 'referral-create' }}
        filters={
          <>
            <ListSearch label={t('referrals.admin.searchLinks')} onSearch={setSearch} />
            <ActiveFilter
              value={active}
              onChange={setActive}
              labels={{ filter: t('referrals.admin.activeFilter'), all: t('referrals.admin.allStates'), active: t('referrals.admin.active'), inactive: t('referrals.admin.inactive') }}
            />
          </>
        }
        table={{ label: t('referrals.admin.tabs.links'), rowKey: 'id', columns, dataSource: links, emptyText: t('referrals.admin.empty') }}
      />
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
      {deleting.element}
    </div>
  );
}
