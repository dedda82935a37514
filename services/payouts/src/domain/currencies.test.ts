import { describe, expect, it } from 'vitest';
import { CURRENCIES, addressKey, findCurrency, isValidAddress } from './currencies.js';

const VALID: Record<string, string[]> = {
  BTC: [
    '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
    '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy',
    'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
    'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
  ],
  ETH: ['0x52908400098527886E0F7030069857D2E4169EE7', '0xde709f2102306220921060314715629080e2fb77'],
  USDT: ['0xdAC17F958D2ee523a2206206994597C13D831ec7'],
  BNB: ['0x0000000000000000000000000000000000001000'],
  MATIC: ['0x7D1AfA7B718fb893dB30A3aBc0Cfc608AaCfeBB0'],
  AVAX: ['0x8ba1f109551bD432803012645Ac136ddd64DBA72'],
  ADA: [
    'addr1qx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3n0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgse35a3x',
    'addr1vx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzers66hrl8',
  ],
  DOT: ['5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY', '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5'],
  SOL: ['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', '11111111111111111111111111111111'],
  XRP: ['rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh', 'rrrrrrrrrrrrrrrrrrrrrhoLvTp'],
};

const INVALID: Record<string, string[]> = {
  BTC: [
    '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb', // checksum
    'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdx', // checksum
    'bc1qAr0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', // mixed case
    'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx', // testnet
    '0x52908400098527886E0F7030069857D2E4169EE7',
  ],
  ETH: ['0x52908400098527886E0F7030069857D2E4169EE', '52908400098527886E0F7030069857D2E4169EE7', '0xZZ908400098527886E0F7030069857D2E4169EE7'],
  ADA: ['addr1qx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3n0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgse35a3y', 'stake1uyehkck0lajq8gr28t9uxnuvgcqrc6070x3k9r8048z8y5gh6ffgw'],
  DOT: ['5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQZ', '1'],
  SOL: ['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5D0', 'abc'],
  XRP: ['rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTi', 'xHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh'],
};

describe('currency catalogue', () => {
  it('when listed, then the ten currencies of spec 02 come with their network fees', () => {
    expect(CURRENCIES.map((c) => `${c.value} ${c.networkFee}`)).toEqual([
      'BTC 0.0005', 'ETH 0.005', 'USDT 1.0', 'BNB 0.001', 'ADA 0.17', 'DOT 0.01', 'MATIC 0.01', 'SOL 0.00025', 'AVAX 0.001', 'XRP 0.02',
    ]);
    expect(findCurrency('btc')?.value).toBe('BTC');
    expect(findCurrency('DOGE')).toBeUndefined();
  });

  for (const [currency, addresses] of Object.entries(VALID)) {
    it(`when a real ${currency} address is given, then it is accepted`, () => {
      for (const address of addresses) expect(isValidAddress(currency, address), address).toBe(true);
    });
  }
  for (const [currency, addresses] of Object.entries(INVALID)) {
    it(`when a malformed ${currency} address is given, then it is refused`, () => {
      for (const address of addresses) expect(isValidAddress(currency, address), address).toBe(false);
    });
  }

  it('when addresses differ only in case on a case-insensitive chain, then they compare equal', () => {
    expect(addressKey('ETH', '0xABCDEF0000000000000000000000000000000001')).toBe(addressKey('ETH', '0xabcdef0000000000000000000000000000000001'));
    expect(addressKey('SOL', 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA')).not.toBe(addressKey('SOL', 'tokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'));
  });
});
