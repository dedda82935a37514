import { ArrowUpOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { lazy, Suspense, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessageOf } from '../../app/errorMessage';
import { FieldError } from '../../components/forms/FieldError';
import { useToast } from '../../components/toast';
import { createIdempotencyKeeper, outcomeUnknown } from '../payouts/idempotency';
import { parseCents } from '../payouts/money';
import { useFormat } from '../../app/format';
import { useGiveUpBalanceMutation, useLedgerBalanceQuery } from '../payouts/payouts.api';
import { useStartClosingAccountMutation } from './accountDeletion.api';

const WithdrawDialog = lazy(() => import('../payouts/WithdrawDialog'));

/** Kept for the app, as the withdrawal dialog's: a give-up whose answer was lost is sent again with the same key. */
const giveUpKeeper = createIdempotencyKeeper();

function statusOf(error: unknown): number | 'FETCH_ERROR' | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' || status === 'FETCH_ERROR' ? status : undefined;
}

/**
 * The two ways out of an available balance for a worker closing the account (issue 28 item 4), whatever the minimum:
 * withdraw all of it (a closing withdrawal; deletion then waits for its decision), or give it up, the amount stated
 * in words and on the button, recorded in the ledger. The server allows both only once the worker has started
 * closing the account (`closingStartedAt`, from the deletion check): until then the card offers that first step.
 * `onChanged` after each step, so the deletion check is asked again.
 */
export function LeaveWithBalance({ closingStartedAt, onChanged }: { closingStartedAt: string | null | undefined; onChanged: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const toast = useToast();
  const balance = useLedgerBalanceQuery();
  const [giveUp, { isLoading: givingUp }] = useGiveUpBalanceMutation();
  const [startClosing, { isLoading: starting }] = useStartClosingAccountMutation();
  const [startRefusal, setStartRefusal] = useState<string | undefined>();
  const [withdrawing, setWithdrawing] = useState<boolean | null>(null);
  const [confirming, setConfirming] = useState<boolean | null>(null);
  const [refusal, setRefusal] = useState<string | undefined>();
  const sending = useRef(false);

  const available = balance.data && !balance.isError ? balance.data.available : null;
  const cents = parseCents(available);
  if (available === null || cents === null || cents <= 0n) return null;
  const amount = format.money(available);

  const confirmGiveUp = async () => {
    if (sending.current) return;
    sending.current = true;
    setRefusal(undefined);
    const body = { amount: available };
    try {
      await giveUp({ body, idempotencyKey: giveUpKeeper.keyFor(JSON.stringify(body)) }).unwrap();
      giveUpKeeper.settle(false);
      setConfirming(false);
      toast({ title: t('users.profile.leave.givenUpTitle'), description: t('users.profile.leave.givenUpText', { amount }), action: 'account.give-up' });
      onChanged();
    } catch (error) {
      giveUpKeeper.settle(outcomeUnknown(statusOf(error)));
      // The balance changed since it was shown (409, field amount): the new figure is read and shown here.
      setRefusal(serverMessageOf(error) ?? t('admin.common.unknownError'));
      void balance.refetch();
    } finally {
      sending.current = false;
    }
  };

  if (!closingStartedAt) {
    const start = async () => {
      setStartRefusal(undefined);
      try {
        await startClosing().unwrap();
        onChanged();
      } catch (error) {
        setStartRefusal(serverMessageOf(error) ?? t('admin.common.unknownError'));
      }
    };
    return (
      <div className="leave-with-balance" data-testid="leave-with-balance">
        <p style={{ margin: '0 0 8px' }}>{t('users.profile.leave.startIntro', { amount })}</p>
        <Button block type="primary" loading={starting} onClick={() => void start()}>
          {t('users.profile.leave.start')}
        </Button>
        <FieldError id="start-closing-error" message={startRefusal} testId="start-closing-error" />
      </div>
    );
  }

  return (
    <div className="leave-with-balance" data-testid="leave-with-balance">
      <p style={{ margin: '0 0 8px' }}>{t('users.profile.leave.intro', { amount })}</p>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
        <Button block icon={<ArrowUpOutlined />} onClick={() => setWithdrawing(true)}>
          {t('users.profile.leave.withdraw', { amount })}
        </Button>
        <Button
          block
          icon={<StopOutlined />}
          onClick={() => {
            setRefusal(undefined);
            setConfirming(true);
          }}
        >
          {t('users.profile.leave.giveUp', { amount })}
        </Button>
      </div>
      <p className="muted" style={{ margin: '8px 0 0', fontSize: 13 }}>
        {t('users.profile.leave.withdrawNote')}
      </p>
      {withdrawing !== null && (
        <Suspense fallback={null}>
          <WithdrawDialog closing open={withdrawing} onClose={() => setWithdrawing(false)} onDone={onChanged} />
        </Suspense>
      )}
      {confirming !== null && (
        <Modal
          open={confirming}
          title={t('users.profile.leave.confirmTitle', { amount })}
          onCancel={() => setConfirming(false)}
          destroyOnHidden
          footer={[
            <Button key="cancel" autoFocus onClick={() => setConfirming(false)} disabled={givingUp}>
              {t('common.cancel')}
            </Button>,
            <Button key="confirm" type="primary" danger loading={givingUp} onClick={() => void confirmGiveUp()}>
              {t('users.profile.leave.confirm', { amount })}
            </Button>,
          ]}
        >
          <p data-testid="give-up-statement">{t('users.profile.leave.confirmBody', { amount })}</p>
          <FieldError id="give-up-error" message={refusal} testId="give-up-error" />
        </Modal>
      )}
    </div>
  );
}
