import { describe, expect, it } from 'vitest';
import { findTypedFigure } from './figure-claims.js';

describe('findTypedFigure (principle 4, issue 31 item 5)', () => {
  it.each([
    ['Earn $500 a week from your phone', '$500'],
    ['Payouts of 1,200 USDT every month', '1,200 USDT'],
    ['Получайте 3000 руб. в неделю', '3000 руб.'],
    ['Выплаты от 10 долларов', '10 долларов'],
    ['95% of workers are paid', '95%'],
    ['Одобряем 95 процентов работ', '95 процентов'],
    ['Paid within 24 hours', '24 hours'],
    ['Tasks take 15 minutes', '15 minutes'],
    ['Выплата за 2 дня', '2 дня'],
    ['Join 10,000 workers', '10,000 workers'],
    ['Более 500 исполнителей', '500 исполнителей'],
    ['Over 1000+ tasks done', '1000+ tasks'],
    ['You can earn 200 easily', 'earn 200'],
    ['Заработайте до 300 за вечер', 'Заработайте до 300'],
    ['Make up to €50', '€50'],
  ])('when the copy says %j, then it is a typed figure claim (%j)', (text, figure) => {
    expect(findTypedFigure(text)).toBe(figure);
  });

  it.each([
    'Paid per task; the reward is shown before you take it',
    'USDT on ERC-20, and Web3 games',
    'Test apps on iOS 17 and Android',
    'Support 24/7',
    'Each task shows its estimated time and what it pays per hour before you take it.',
    'Withdraw to a crypto wallet (USDT, BTC, ETH and others); the network fee is shown before you confirm.',
    'В каждом задании заранее указано, что сделать и сколько за это платят.',
    '',
  ])('when the copy says %j, then it carries no figure claim', (text) => {
    expect(findTypedFigure(text)).toBeNull();
  });
});
