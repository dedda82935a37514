import { CrownFilled, StarFilled, TrophyFilled } from '@ant-design/icons';
import { Button } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../app/format';
import { LoadMoreFooter, useLoadMore } from '../../components/LoadMore';
import { Panel } from '../../components/Panel';
import { AWARD_CATEGORY_LIST, AWARD_PERIOD_LIST, formatAwardValue, useAwardsQuery, useLazyAwardsQuery, type TAward, type TAwardPeriod } from '../../features/content/content.api';
import '../../features/content/content.css';

const GROUP_ICONS = { top_earner: <CrownFilled />, top_completion: <TrophyFilled />, top_rate: <StarFilled /> } as const;

/** The rank in a badge: gold, silver and bronze trophies for the first three, the number for every rank. */
function RankIcon({ rank, label }: { rank: number; label: string }) {
  return (
    <span className={`award-rank award-rank-${rank}`} aria-label={label} title={label}>
      {rank <= 3 && <TrophyFilled aria-hidden />}
      {rank}
    </span>
  );
}

/**
 * Awards (spec 02): leaderboards per period (week, month, quarter, year, all time) grouped by category (Top Earners,
 * Most Productive, Quality Leaders; anything else Achievement) with rank icons; values as dollars, tasks or percent.
 * Paged on the server in the leaderboards' order: the first 20, then "Load more" (components/LoadMore).
 */
export function AwardsPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const [period, setPeriod] = useState<TAwardPeriod>('monthly');
  const { data, isLoading, isError } = useAwardsQuery({ period });
  const [fetchPage] = useLazyAwardsQuery();
  const list = useLoadMore(data, useCallback((cursor: string) => fetchPage({ period, cursor }).unwrap(), [fetchPage, period]));
  const awards = list.items;
  const groups = [...AWARD_CATEGORY_LIST.map((category) => ({ key: category as string, items: awards.filter((a) => a.category === category) }))].filter((g) => g.items.length > 0);
  const other = awards.filter((a) => !(AWARD_CATEGORY_LIST as readonly string[]).includes(a.category));
  if (other.length > 0) groups.push({ key: 'other', items: other });

  const name = (award: TAward) => `${award.firstName} ${award.lastName}`.trim() || t('awards.teamMember');

  return (
    <div className="page-stack" data-testid="awards-page">
      <h1 className="page-title">{t('awards.title')}</h1>
      <p className="muted" style={{ margin: 0 }}>
        {t('awards.intro')}
      </p>
      <div className="awards-periods" role="group" aria-label={t('awards.period')}>
        {AWARD_PERIOD_LIST.map((p) => (
          <Button key={p} type={p === period ? 'primary' : 'default'} aria-pressed={p === period} onClick={() => setPeriod(p)}>
            {t(`awards.periods.${p}`)}
          </Button>
        ))}
      </div>
      {isLoading && <p className="muted">{t('common.loading')}</p>}
      {isError && <p className="muted">{t('awards.loadFailed')}</p>}
      {data && groups.length === 0 && (
        <Panel>
          <p className="muted" style={{ margin: 0 }}>
            {t('awards.empty')}
          </p>
        </Panel>
      )}
      {groups.map((group) => (
        <Panel
          key={group.key}
          testId={`awards-group-${group.key}`}
          title={
            <span>
              {group.key in GROUP_ICONS ? GROUP_ICONS[group.key as keyof typeof GROUP_ICONS] : <TrophyFilled />} {t(`awards.groups.${group.key as 'other'}`)}
            </span>
          }
        >
          <div className="awards-group">
            {group.items.map((award) => (
              <div className="award-row" key={award.id}>
                <RankIcon rank={award.rank} label={t('awards.rank', { rank: award.rank })} />
                <span className="award-name">
                  {name(award)}
                  {award.source === 'manual' && <small>{t('awards.manual')}</small>}
                </span>
                {/* Principle 4 (issue 31 item 5): a manual award's value is typed by an admin, not computed, so a worker
                    is shown no figure for it, only that the team gave it. */}
                {award.source === 'computed' && (
                  <span className="award-value">{formatAwardValue(award.category, award.value, { format, tasks: (count) => t('awards.tasks', { count }) })}</span>
                )}
              </div>
            ))}
          </div>
        </Panel>
      ))}
      {(list.hasMore || list.failed) && <LoadMoreFooter list={list} testId="awards-more" />}
    </div>
  );
}
