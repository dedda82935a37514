import { ArrowLeftOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Space, Tabs, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppSelector } from '../../../app/hooks';
import { useFormat } from '../../../app/format';
import { useDeleteConfirm } from '../../../components/dialogs/useDeleteConfirm';
import { KeysetPager, useKeysetPages } from '../../../components/KeysetPager';
import { ListSearch } from '../../../components/ListSearch';
import { RowActions } from '../../../components/list/RowActions';
import { SelectFilter } from '../../../components/list/filters';
import {
  AWARD_CATEGORY_LIST,
  AWARD_PERIOD_LIST,
  formatAwardValue,
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
  const { t } = useTranslation();
  const navigate = useNavigate();
  const format = useFormat();
  const role = useAppSelector((s) => s.session.user?.role);
  const [tab, setTab] = useState<TTab>('all');
  const [period, setPeriod] = useState<TAwardPeriod | undefined>(undefined);
  const [source, setSource] = useState<'computed' | 'manual' | undefined>(undefined);
  const [userSearch, setUserSearch] = useState('');
  const pages = useKeysetPages();
  const { reset } = pages;
  useEffect(() => reset(), [tab, period, source, userSearch, reset]);
  const { data, isLoading, isFetching, isError, refetch } = useAdminAwardsQuery(
    {
      category: tab === 'all' ? undefined : tab,
      period,
      source,
      user: userSearch.length >= SEARCH_MIN_LENGTH ? userSearch : undefined,
      cursor: pages.cursor,
    },
    { skip: role !== 'admin' },
  );
  const [deleteAward] = useDeleteAwardMutation();
  const [dialog, setDialog] = useState<{ open: boolean; award: TAward | null }>({ open: false, award: null });
  const name = (award: TAward) => `${award.firstName} ${award.lastName}`.trim() || t('awards.teamMember');
  const deleting = useDeleteConfirm<TAward>({
    title: t('awards.admin.confirmDelete.title'),
    describe: (award) => t('awards.admin.confirmDelete.text', { name: name(award) }),
    remove: (award) => deleteAward(award.id).unwrap(),
    deletedTitle: t('awards.admin.toasts.deleted'),
    failedTitle: t('awards.admin.toasts.deleteFailed'),
    toastKey: (award) => `award.delete:${award.id}`,
  });

  if (role !== 'admin') return <Alert type="error" showIcon title={t('awards.admin.accessDenied')} data-testid="awards-access-denied" />;

  const awards = data?.items ?? [];

  return (
    <div className="admin-section" data-testid="awards-management-section">
      <div className="admin-toolbar">
        <Button className="back-action" icon={<ArrowLeftOutlined />} onClick={() => navigate('/admin')}>
          {t('awards.admin.back')}
        </Button>
        <Space>
          <Button icon={<ReloadOutlined />} loading={isFetching && !isLoading} onClick={() => void refetch()}>
            {t('common.refresh')}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ open: true, award: null })}>
            {t('awards.admin.create')}
          </Button>
        </Space>
      </div>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as TTab)}
        items={(['all', ...AWARD_CATEGORY_LIST] as const).map((key) => ({ key, label: t(`awards.admin.tabs.${key}`) }))}
      />
      <div className="list-page-filters">
        <ListSearch label={t('awards.admin.userSearch')} onSearch={setUserSearch} />
        <SelectFilter<TAwardPeriod>
          label={t('awards.admin.periodFilter')}
          allLabel={t('awards.admin.allPeriods')}
          value={period}
          onChange={setPeriod}
          width={150}
          options={AWARD_PERIOD_LIST.map((value) => ({ value, label: t(`awards.periods.${value}`) }))}
        />
        <SelectFilter<'computed' | 'manual'>
          label={t('awards.admin.sourceFilter')}
          allLabel={t('awards.admin.allSources')}
          value={source}
          onChange={setSource}
          options={[
            { value: 'computed', label: t('awards.admin.computed') },
            { value: 'manual', label: t('awards.admin.manual') },
          ]}
        />
        {data && (
          <span className="muted small" data-testid="awards-total">
            {t('awards.admin.total', { total: format.total(data.total, data.totalExact) })}
          </span>
        )}
      </div>
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
            <div className="award-value">{formatAwardValue(award.category, award.value, { format, tasks: (count) => t('awards.tasks', { count }) })}</div>
            <div>
              <Tag>{t(`awards.periods.${award.period}`)}</Tag>
              <Tag color={award.source === 'computed' ? 'blue' : 'gold'}>{t(award.source === 'computed' ? 'awards.admin.computed' : 'awards.admin.manual')}</Tag>
            </div>
            <div className="muted">{t('awards.admin.created', { date: format.date(award.createdAt) })}</div>
            {award.source === 'manual' ? (
              <div className="award-card-actions">
                <RowActions
                  actions={[
                    { key: 'edit', label: t('common.edit'), onClick: () => setDialog({ open: true, award }) },
                    { key: 'delete', label: t('common.delete'), danger: true, onClick: () => deleting.ask(award) },
                  ]}
                />
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
      {deleting.element}
    </div>
  );
}
