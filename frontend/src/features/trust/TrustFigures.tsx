import type { TTrustFigures } from '@platform/contracts';
import { useTranslation } from 'react-i18next';
import { durationParts } from '../../app/duration';
import { useFormat, type TFormat } from '../../app/format';
import { trustEn, type TTrustTexts } from '../../locales/trust.en';
import { trustRu } from '../../locales/trust.ru';
import './trust-figures.css';

/** The trust page's texts in the reader's language (its own small catalogue, loaded with the chunks that show it). */
export function useTrustTexts(): TTrustTexts {
  const { i18n } = useTranslation();
  return i18n.language === 'ru' ? trustRu : trustEn;
}

function duration(text: TTrustTexts, format: TFormat, seconds: number): string {
  const parts = durationParts(seconds);
  if (parts.unit === 'minutes') return text.duration.minutes(format.count(parts.count));
  if (parts.unit === 'hours') return text.duration.hours(format.count(parts.hours), format.count(parts.minutes));
  return text.duration.days(format.count(parts.count), format.count(parts.hours));
}

/** One live figure: its label, its value (or "not enough data yet"), a detail, and the time it was computed. */
function Figure({ id, label, value, raw, detail, asOf, prefix }: { id: string; label: string; value: string | null; raw: unknown; detail?: string; asOf: string; prefix: string }) {
  const text = useTrustTexts();
  return (
    <div className="trust-figure" data-testid={`${prefix}-${id}`} data-value={JSON.stringify(raw)}>
      <dt>{label}</dt>
      <dd>
        <span className={value === null ? 'trust-figure-value muted' : 'trust-figure-value'} data-testid={`${prefix}-${id}-value`}>
          {value ?? text.notEnoughData}
        </span>
        {detail && value !== null && <span className="trust-figure-detail">{detail}</span>}
        <span className="trust-figure-detail">{asOf}</span>
      </dd>
    </div>
  );
}

/**
 * The trust figures (issue 31) as the public trust page and the admin dashboard both show them: one component, so the
 * two say the same numbers the same way. `testIdPrefix` tells the two apart in tests.
 */
export function TrustFigureList({ figures, testIdPrefix = 'trust-figure' }: { figures: TTrustFigures; testIdPrefix?: string }) {
  const text = useTrustTexts();
  const format = useFormat();
  const asOf = text.asOf(format.dateTime(figures.asOf));
  const d = (seconds: number | null) => (seconds === null ? null : duration(text, format, seconds));
  const pair = (median: number | null, p95: number | null) =>
    median === null ? null : `${text.figures.median} ${d(median)}${p95 === null ? '' : ` · ${text.figures.p95} ${d(p95)}`}`;
  return (
    <dl className="trust-figures">
      <Figure
        id="decision"
        label={text.figures.decision}
        value={pair(figures.medianDecisionSeconds, figures.p95DecisionSeconds)}
        raw={[figures.medianDecisionSeconds, figures.p95DecisionSeconds]}
        detail={text.figures.ofCount(format.count(figures.withdrawalsDecided))}
        asOf={asOf}
        prefix={testIdPrefix}
      />
      <Figure
        id="payout"
        label={text.figures.payout}
        value={pair(figures.medianPayoutSeconds, figures.p95PayoutSeconds)}
        raw={[figures.medianPayoutSeconds, figures.p95PayoutSeconds]}
        detail={text.figures.ofCount(format.count(figures.withdrawalsPaid))}
        asOf={asOf}
        prefix={testIdPrefix}
      />
      <Figure
        id="in-time"
        label={text.figures.inTime}
        value={figures.decidedInTimeShare === null ? null : format.percent(figures.decidedInTimeShare)}
        raw={figures.decidedInTimeShare}
        detail={text.figures.inTimeDetail(format.count(figures.promisesKept), format.count(figures.promisesDue))}
        asOf={asOf}
        prefix={testIdPrefix}
      />
      <Figure
        id="review"
        label={text.figures.review}
        value={d(figures.medianReviewSeconds)}
        raw={figures.medianReviewSeconds}
        detail={text.figures.ofCount(format.count(figures.reviews))}
        asOf={asOf}
        prefix={testIdPrefix}
      />
      <Figure
        id="rejection-rate"
        label={text.figures.rejectionRate}
        value={figures.rejectionRate === null ? null : format.percent(figures.rejectionRate)}
        raw={figures.rejectionRate}
        detail={text.figures.inTimeDetail(format.count(figures.rejections), format.count(figures.reviews))}
        asOf={asOf}
        prefix={testIdPrefix}
      />
      <Figure
        id="appeals"
        label={text.figures.appeals}
        value={figures.appealsDecided === 0 ? null : text.figures.appealsDetail(format.count(figures.appealsOverturned), format.count(figures.appealsDecided))}
        raw={[figures.appealsOverturned, figures.appealsDecided]}
        asOf={asOf}
        prefix={testIdPrefix}
      />
      <Figure
        id="support"
        label={text.figures.support}
        value={d(figures.medianFirstResponseSeconds)}
        raw={figures.medianFirstResponseSeconds}
        detail={text.figures.ofCount(format.count(figures.supportResponses))}
        asOf={asOf}
        prefix={testIdPrefix}
      />
      <Figure id="workers-paid" label={text.figures.workersPaid} value={format.count(figures.workersPaid)} raw={figures.workersPaid} asOf={asOf} prefix={testIdPrefix} />
    </dl>
  );
}

