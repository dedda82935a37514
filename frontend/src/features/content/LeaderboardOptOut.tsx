import { Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/Panel';
import { useToast } from '../../components/toast';
import { useLeaderboardPreferenceQuery, useSetLeaderboardPreferenceMutation } from './content.api';

/** Profile: whether the worker is shown on the public leaderboards (stored by auth, known to the leaderboards by event). */
export function LeaderboardOptOut() {
  const { t } = useTranslation();
  const toast = useToast();
  const { data } = useLeaderboardPreferenceQuery();
  const [save, state] = useSetLeaderboardPreferenceMutation();
  const shown = data ? !data.leaderboardOptOut : true;

  const toggle = async (show: boolean) => {
    try {
      await save({ leaderboardOptOut: !show }).unwrap();
      toast({ title: t('awards.optOut.saved') });
    } catch {
      toast({ title: t('awards.optOut.failed'), variant: 'destructive' });
    }
  };

  return (
    <Panel title={t('awards.optOut.title')} testId="leaderboard-opt-out">
      <label style={{ display: 'flex', alignItems: 'center', gap: 12, minHeight: 44 }}>
        <Switch checked={shown} loading={state.isLoading} disabled={!data} onChange={(checked) => void toggle(checked)} aria-describedby="leaderboard-opt-out-hint" />
        <span>{t('awards.optOut.label')}</span>
      </label>
      <p id="leaderboard-opt-out-hint" className="muted" style={{ margin: '4px 0 0', fontSize: 13 }}>
        {t('awards.optOut.hint')}
      </p>
    </Panel>
  );
}
