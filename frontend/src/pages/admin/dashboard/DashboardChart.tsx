import type { TDashboardDay } from '@platform/contracts';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../app/format';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** The three series' colours: the theme's primary blue, a green and an amber that read apart for most eyes. */
export const SERIES_COLOURS = { registrations: '#175cd3', approvedSubmissions: '#12805c', paidWithdrawals: '#b54708' } as const;


/**
 * Registrations, approved submissions and paid withdrawals per UTC day over the last 30 days (recharts, in a chunk of
 * its own that the dashboard loads lazily).
 */
export default function DashboardChart({ series }: { series: TDashboardDay[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const data = series.map((d) => ({ ...d, label: format.dayMonth(d.day) }));
  return (
    <ResponsiveContainer width="100%" height={280}>
      <LineChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
        <CartesianGrid stroke="#eceef2" vertical={false} />
        <XAxis dataKey="label" tick={{ fontSize: 12 }} interval="preserveStartEnd" minTickGap={16} />
        <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={40} />
        <Tooltip />
        <Legend />
        {(['registrations', 'approvedSubmissions', 'paidWithdrawals'] as const).map((key) => (
          <Line
            key={key}
            type="linear"
            dataKey={key}
            name={t(`dashboard.chart.${key}`)}
            stroke={SERIES_COLOURS[key]}
            strokeWidth={2}
            dot={{ r: 2 }}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}
