import { ClockCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Panel } from './Panel';

/** A section that is not built yet says so plainly. */
export function ComingSoon({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation();
  return (
    <Panel className="coming-soon" testId="coming-soon">
      <h2 className="panel-title">{title}</h2>
      <p className="muted" style={{ margin: '0 0 8px' }}>
        <ClockCircleOutlined /> {t('common.comingSoon')}
      </p>
      <p style={{ margin: 0 }}>{text}</p>
    </Panel>
  );
}
