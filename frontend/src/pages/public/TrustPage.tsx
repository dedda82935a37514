import type { TPlatformLedgerCheck, TPublicSettings, TPublicTrust } from '@platform/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useFormat } from '../../app/format';
import { useAppSelector } from '../../app/hooks';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { Panel } from '../../components/Panel';
import { useAppName } from '../../features/branding/useAppName';
import { usePublicLedgerCheckQuery, usePublicPayoutTermsQuery, usePublicTrustQuery } from '../../features/trust/trust.api';
import { TrustFigureList, useTrustTexts } from '../../features/trust/TrustFigures';
import './trust.css';

/** One part of the page: its title, "Loading", "cannot be loaded", or its content. */
function Section({ title, testId, state, children }: { title: string; testId: string; state: 'loading' | 'failed' | 'ready'; children: () => ReactNode }) {
  const text = useTrustTexts();
  return (
    <Panel title={title} testId={testId}>
      {state === 'loading' && <p className="muted">{text.loading}</p>}
      {state === 'failed' && (
        <p className="muted" role="alert">
          {text.failed}
        </p>
      )}
      {state === 'ready' && children()}
    </Panel>
  );
}

const stateOf = (q: { data?: unknown; isError: boolean }): 'loading' | 'failed' | 'ready' => (q.data ? 'ready' : q.isError ? 'failed' : 'loading');

function Operator({ trust }: { trust: TPublicTrust }) {
  const text = useTrustTexts();
  const fields = [
    { key: 'legalName', label: text.operator.legalName, value: trust.operator.legalName },
    { key: 'address', label: text.operator.address, value: trust.operator.address },
    { key: 'contact', label: text.operator.contact, value: trust.operator.contact },
  ] as const;
  const missing = fields.filter((f) => trust.operator.missing.includes(f.key)).map((f) => f.label.toLowerCase());
  return (
    <>
      <dl className="trust-list">
        {fields.map((field) => (
          <div key={field.key} className="trust-row" data-testid={`trust-operator-${field.key}`}>
            <dt>{field.label}</dt>
            <dd className={field.value === null ? 'trust-missing' : undefined}>{field.value ?? text.operator.missingValue}</dd>
          </div>
        ))}
      </dl>
      {missing.length > 0 ? (
        <p className="trust-warning" role="note" data-testid="trust-operator-missing">
          {text.operator.missingNote(missing.join(', '))}
        </p>
      ) : (
        <p className="muted small" style={{ margin: '12px 0 0' }}>
          {text.operator.complete}
        </p>
      )}
    </>
  );
}

function Fees({ terms }: { terms: TPublicSettings }) {
  const text = useTrustTexts();
  const format = useFormat();
  return (
    <>
      <dl className="trust-list" style={{ marginBottom: 12 }}>
        <div className="trust-row">
          <dt>{text.fees.minimum}</dt>
          <dd className="trust-figure-value" data-testid="trust-minimum" data-value={terms.minimumWithdrawal}>
            {format.money(terms.minimumWithdrawal)}
          </dd>
        </div>
      </dl>
      <table className="trust-table" data-testid="trust-fees">
        <thead>
          <tr>
            <th scope="col">{text.fees.currency}</th>
            <th scope="col">{text.fees.fee}</th>
          </tr>
        </thead>
        <tbody>
          {terms.currencies.map((currency) => (
            <tr key={currency.value} data-testid={`trust-fee-${currency.value}`}>
              <td>{currency.label}</td>
              <td data-value={currency.networkFee}>
                {currency.networkFee} {currency.value}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted small" style={{ margin: '12px 0 0' }}>
        {text.fees.feeNote}
      </p>
      {Number(terms.walletCooldownHours) > 0 && (
        <p className="muted small" style={{ margin: '8px 0 0' }}>
          {text.fees.cooldown(format.count(Number(terms.walletCooldownHours)))}
        </p>
      )}
    </>
  );
}

function Rules({ trust }: { trust: TPublicTrust }) {
  const text = useTrustTexts();
  const format = useFormat();
  const r = trust.rules;
  return (
    <ul className="trust-rules" data-testid="trust-rules">
      <li data-testid="trust-rule-decision">{text.rules.decision(format.count(r.withdrawalDecisionHours))}</li>
      <li data-testid="trust-rule-auto-approval">{text.rules.autoApproval(format.count(r.autoApprovalDays))}</li>
      <li data-testid="trust-rule-appeal-window">{text.rules.appealWindow(format.count(r.appealWindowDays))}</li>
      <li data-testid="trust-rule-appeal-decision">{text.rules.appealDecision(format.count(r.appealDecisionDays))}</li>
    </ul>
  );
}

function LedgerCheck({ check }: { check: TPlatformLedgerCheck }) {
  const text = useTrustTexts();
  const format = useFormat();
  return (
    <div data-testid="trust-ledger-result" data-value={JSON.stringify(check.valid)}>
      {check.valid === null || check.lastRunAt === null ? (
        <p className="muted" style={{ margin: '0 0 4px' }}>
          {text.ledger.notRun}
        </p>
      ) : check.valid ? (
        <p className="trust-ledger-ok">{text.ledger.valid(format.count(check.accounts), format.count(check.entries))}</p>
      ) : (
        <p className="trust-ledger-broken" role="alert">
          {text.ledger.broken(format.count(check.brokenAccounts), format.count(check.accounts))}
        </p>
      )}
      {check.lastRunAt && (
        <p className="muted small" style={{ margin: '0 0 8px' }} data-testid="trust-ledger-time">
          {text.ledger.lastRun(format.dateTime(check.lastRunAt))}
        </p>
      )}
      <p className="muted small" style={{ margin: 0 }}>
        {text.ledger.explain}
      </p>
    </div>
  );
}

/**
 * The public trust page `/trust` (issue 31; principles 4, 7 and 8): no sign-in, phone first, plain elements and no
 * antd (its own small chunk, like the sign-in screens). Every number comes from the server: the operator and the rules
 * from System Settings, the fees and minimum as the withdraw dialog gets them, the live figures from the admin
 * service's read model of events (each with the time it was computed), the ledger check from its last run.
 */
export function TrustPage() {
  const text = useTrustTexts();
  const appName = useAppName();
  const signedIn = useAppSelector((s) => s.session.status === 'signedIn');
  const trust = usePublicTrustQuery();
  const terms = usePublicPayoutTermsQuery();
  const ledger = usePublicLedgerCheckQuery();
  const format = useFormat();
  return (
    <div className="trust-page" data-testid="trust-page">
      <header className="trust-header">
        <span className="landing-brand">
          <img src="/icons/icon-192.png" alt="" width={28} height={28} />
          {appName}
        </span>
        <Link to={signedIn ? '/' : '/login'}>{signedIn ? text.backToApp : text.signIn}</Link>
      </header>
      <main className="trust-main">
        <h1 className="trust-title">{text.title}</h1>
        <p className="trust-intro muted">{text.intro}</p>
        <p className="trust-never-pay" data-testid="trust-never-pay">
          {text.neverPay}
        </p>
        <Section title={text.operator.title} testId="trust-operator" state={stateOf(trust)}>
          {() => <Operator trust={trust.data!} />}
        </Section>
        <Section title={text.fees.title} testId="trust-fees-section" state={stateOf(terms)}>
          {() => <Fees terms={terms.data!} />}
        </Section>
        <Section title={text.rules.title} testId="trust-rules-section" state={stateOf(trust)}>
          {() => <Rules trust={trust.data!} />}
        </Section>
        <Section title={text.figures.title} testId="trust-figures" state={stateOf(trust)}>
          {() => (
            <>
              <TrustFigureList figures={trust.data!.figures} />
              <p className="muted small" style={{ margin: '12px 0 0' }}>
                {text.figures.hint(format.count(trust.data!.figures.days))}
              </p>
            </>
          )}
        </Section>
        <Section title={text.ledger.title} testId="trust-ledger" state={stateOf(ledger)}>
          {() => <LedgerCheck check={ledger.data!} />}
        </Section>
        <div className="trust-footer">
          <LanguageSwitch size="small" />
        </div>
      </main>
    </div>
  );
}

export default TrustPage;
