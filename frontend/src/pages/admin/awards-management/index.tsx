import { ArrowLeftOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Select, Space, Tabs, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { serverMessageOf } from '../../../app/errorMessage';
import { ConfirmDialog } from '../../../components/dialogs/ConfirmDialog';
import { KeysetPager, useKeysetPages } from '../../../components/KeysetPager';
import { ListSearch } from '../../../components/ListSearch';
import { formatTotal } from '../../../components/LoadMore';
import { useToast } from '../../../components/toast';
import {
  AWARD_CATEGORY_LIST,
  AWARD_PERIOD_LIST,
  formatAwardValue,
  formatNewsDate,
  SEARCH_MIN_LENGTH,
  useAdminAwardsQuery,
  useDeleteAwardMutation,
  type TAward,
  type TAwardPeriod,
} from '../../../features/content/content.api';
import '../../../features/content/content.css';
import { AwardFormDialog } from './AwardFormDialog';

type TTab = 'all' | (typeof AWARD_CATEGORY_LIST)[number];

/**
 * Admin > Awards (spec 03 Awards Management): tabs All, Top Earners, Most Completed, Best Rates; each award a card
 * (rank badge, category, value, period, created date; edit and delete for manual ones; computed ones are marked and
 * come from the leaderboards job). 'No awards found' when a tab is empty; 'Access denied' for anyone not admin.
 * Paged on the server (20 a page, in the leaderboards' order): the tab, the period, the source and the user search are
 * the server's filters, and a new filter starts from the first page.
 */
export function AwardsManagementSection() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const role = useAppSelector((s) => s.session.user?.role);
  const [tab, setTab] = useState<TTab>('all');
  const [period, setPeriod] = useState<TAwardPeriod | undefined>(undefined);
  const [source, setSource] = useState<'computed' | 'manual' | undefined>(undefined);
  const [userSearch, setUserSearch] = useState('');
  const pages = useKeysetPages();
  const { reset } = pages;
  useEffect(() => reset(), [tab, period, source, userSearch, reset]);
  const { data, isLoading, isFetching, isError } = useAdminAwardsQuery(
    {
      category: tab === 'all' ? undefined : tab,
      period,
      source,
      user: userSearch.length >= SEARCH_MIN_LENGTH ? userSearch : undefined,
      cursor: pages.cursor,
    },
    { skip: role !== 'admin' },
  );
  const [deleteAward, deleteState] = useDeleteAwardMutation();
  const [dialog, setDialog] = useState<{ open: boolean; award: TAward | null }>({ open: false, award: null });
  const [deleting, setDeleting] = useState<TAward | null>(null);

  if (role !== 'admin') return <Alert type="error" showIcon title={t('awards.admin.accessDenied')} data-testid="awards-access-denied" />;

  const awards = data?.items ?? [];
  const name = (award: TAward) => `${award.firstName} ${award.lastName}`.trim() || t('awards.teamMember');

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await deleteAward(deleting.id).unwrap();
      toast({ title: t('awards.admin.toasts.deleted') });
      setDeleting(null);
    } catch (error) {
      toast({ title: t('awards.admin.toasts.deleteFailed'), description: serverMessageOf(error), variant: 'destructive' });
    }
  };

  return (
    <div className="admin-section" data-testid="awards-management-section">
      <div className="admin-toolbar">
        <Button className="back-action" icon={<ArrowLeftOutlined />} onClick={() => navigate('/admin')}>
          {t('awards.admin.back')}
        </Button>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true, award: null })}>
          {t('awards.admin.create')}
        </Button>
      </div>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as TTab)}
        items={(['all', ...AWARD_CATEGORY_LIST] as const).map((key) => ({ key, label: t(`awards.admin.tabs.${key}`) }))}
      />
      <Space wrap style={{ marginBottom: 12 }}>
        <ListSearch label={t('awards.admin.userSearch')} onSearch={setUserSearch} />
        <Select<TAwardPeriod>
          allowClear
          style={{ minWidth: 150 }}
          placeholder={t('awards.admin.allPeriods')}
          aria-label={t('awards.admin.periodFilter')}
          value={period}
          onChange={(value) => setPeriod(value)}
          options={AWARD_PERIOD_LIST.map((value) => ({ value, label: t(`awards.periods.${value}`) }))}
        />
        <Select<'computed' | 'manual'>
          allowClear
          style={{ minWidth: 150 }}
          placeholder={t('awards.admin.allSources')}
          aria-label={t('awards.admin.sourceFilter')}
          value={source}
          onChange={(value) => setSource(value)}
          options={[
            { value: 'computed', label: t('awards.admin.computed') },
            { value: 'manual', label: t('awards.admin.manual') },
          ]}
        />
        {data && (
          <span className="muted small" data-testid="awards-total">
            {t('awards.admin.total', { total: formatTotal(data.total, data.totalExact, i18n.language) })}
          </span>
        )}
      </Space>
      {isError && <Alert type="error" showIcon title={t('awards.loadFailed')} />}
      {(isLoading || (isFetching && !data)) && <p className="muted">{t('common.loading')}</p>}
      {data && awards.length === 0 && <div className="awards-empty muted">{t('awards.admin.empty')}</div>}
      <div className="awards-admin-grid">
        {awards.map((award) => (
          <div className="award-card" key={award.id} data-testid="award-card">
            <div className="award-card-head">
              <span className={`award-rank award-rank-${award.rank}`}>#{award.rank}</span>
              <div style={{ minWidth: 0 }}>
                <div className="award-name">{name(award)}</div>
                <div className="muted">{t(`awards.admin.categories.${award.category}`)}</div>
              </div>
            </div>
            <div className="award-value">{formatAwardValue(award.category, award.value, t('awards.tasks'))}</div>
            <div>
              <Tag>{t(`awards.periods.${award.period}`)}</Tag>
              <Tag color={award.source === 'computed' ? 'blue' : 'gold'}>{t(award.source === 'computed' ? 'awards.admin.computed' : 'awards.admin.manual')}</Tag>
            </div>
            <div className="muted">{t('awards.admin.created', { date: formatNewsDate(award.createdAt, i18n.language) })}</div>
            {award.source === 'manual' ? (
              <div className="award-card-actions">
                <Button size="small" icon={<EditOutlined />} onClick={() => setDialog({ open: true, award })}>
                  {t('awards.admin.edit')}
                </Button>
                <Button size="small" danger icon={<DeleteOutlined />} onClick={() => setDeleting(award)}>
                  {t('awards.admin.delete')}
                </Button>
              </div>
            ) : (
              <div className="muted" style={{ fontSize: 12 }}>
                {t('awards.admin.computedHint')}
              </div>
            )}
          </div>
        ))}
      </div>
      <KeysetPager pages={pages} nextCursor={data?.nextCursor} testId="awards-pager" />
      <AwardFormDialog open={dialog.open} award={dialog.award} onClose={() => setDialog({ open: false, award: null })} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('awards.admin.confirmDelete.title')}
        confirmLabel={t('awards.admin.confirmDelete.confirm')}
        danger
        loading={deleteState.isLoading}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        {t('awards.admin.confirmDelete.text', { name: deleting ? name(deleting) : '' })}
      </ConfirmDialog>
    </div>
  );
}
