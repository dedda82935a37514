import { createHash } from 'node:crypto';

/**
 * THE currency catalogue (spec 02 section 9): the coins a withdrawal can be paid in, each with its network fee (in
 * the coin's own units, shown to the worker and copied onto the request) and the check of a wallet address.
 * Withdrawals and saved payout wallets both use isValidAddress from here.
 */
export interface TCurrency {
  value: string;
  label: string;
  networkFee: string;
  /** What the address format is, for the README and error texts. */
  addressFormat: string;
}

export const CURRENCIES: readonly TCurrency[] = [
  { value: 'BTC', label: 'Bitcoin (BTC)', networkFee: '0.0005', addressFormat: 'bech32 bc1q/bc1p or base58 1.../3... with checksum' },
  { value: 'ETH', label: 'Ethereum (ETH)', networkFee: '0.005', addressFormat: '0x + 40 hex digits' },
  { value: 'USDT', label: 'Tether (USDT, ERC-20)', networkFee: '1.0', addressFormat: '0x + 40 hex digits' },
  { value: 'BNB', label: 'BNB (BEP-20)', networkFee: '0.001', addressFormat: '0x + 40 hex digits' },
  { value: 'ADA', label: 'Cardano (ADA)', networkFee: '0.17', addressFormat: 'bech32 addr1... with checksum, or Byron Ae2.../DdzFF...' },
  { value: 'DOT', label: 'Polkadot (DOT)', networkFee: '0.01', addressFormat: 'SS58 (1... Polkadot or 5... generic) with checksum' },
  { value: 'MATIC', label: 'Polygon (MATIC)', networkFee: '0.01', addressFormat: '0x + 40 hex digits' },
  { value: 'SOL', label: 'Solana (SOL)', networkFee: '0.00025', addressFormat: 'base58 of a 32-byte key (32-44 characters)' },
  { value: 'AVAX', label: 'Avalanche (AVAX, C-Chain)', networkFee: '0.001', addressFormat: '0x + 40 hex digits' },
  { value: 'XRP', label: 'XRP (XRP)', networkFee: '0.02', addressFormat: 'r... base58 (XRP alphabet) with checksum' },
];

const BY_VALUE = new Map(CURRENCIES.map((c) => [c.value, c]));

export function findCurrency(value: string): TCurrency | undefined {
  return BY_VALUE.get(value.trim().toUpperCase());
}

/* ---- Encodings ---- */

const BITCOIN_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const XRP_ALPHABET = 'rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz';

/** Base58 text -> bytes (leading zero characters become zero bytes); undefined when a character is outside the alphabet. */
export function decodeBase58(text: string, alphabet = BITCOIN_ALPHABET): Uint8Array | undefined {
  let value = 0n;
  for (const char of text) {
    const digit = alphabet.indexOf(char);
    if (digit < 0) return undefined;
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (value > 0n) {
    bytes.unshift(Number(value % 256n));
    value /= 256n;
  }
  let zeros = 0;
  while (zeros < text.length && text[zeros] === alphabet[0]) zeros += 1;
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...bytes]);
}

function sha256(data: Uint8Array): Buffer {
  return createHash('sha256').update(data).digest();
}

/** Base58Check: payload + the first 4 bytes of SHA-256(SHA-256(payload)). Returns the payload when it checks out. */
function decodeBase58Check(text: string, alphabet = BITCOIN_ALPHABET): Uint8Array | undefined {
  const bytes = decodeBase58(text, alphabet);
  if (!bytes || bytes.length < 5) return undefined;
  const payload = bytes.subarray(0, bytes.length - 4);
  const checksum = sha256(sha256(payload)).subarray(0, 4);
  return Buffer.from(bytes.subarray(bytes.length - 4)).equals(checksum) ? payload : undefined;
}

const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BECH32_GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
export const BECH32_CONST = 1;
export const BECH32M_CONST = 0x2bc830a3;

function polymod(values: number[]): number {
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i += 1) if ((top >>> i) & 1) chk ^= BECH32_GENERATOR[i] as number;
  }
  return chk >>> 0;
}

/** BIP-173/350: {hrp, data (5-bit words without the checksum), constant} when the checksum is valid. */
export function decodeBech32(text: string, maxLength = 90): { hrp: string; data: number[]; constant: number } | undefined {
  if (text.length > maxLength) return undefined;
  if (text !== text.toLowerCase() && text !== text.toUpperCase()) return undefined; // mixed case is invalid
  const lower = text.toLowerCase();
  const separator = lower.lastIndexOf('1');
  if (separator < 1 || separator + 7 > lower.length) return undefined;
  const hrp = lower.slice(0, separator);
  const words: number[] = [];
  for (const char of lower.slice(separator + 1)) {
    const word = BECH32_CHARSET.indexOf(char);
    if (word < 0) return undefined;
    words.push(word);
  }
  const expanded = [...[...hrp].map((c) => c.charCodeAt(0) >> 5), 0, ...[...hrp].map((c) => c.charCodeAt(0) & 31)];
  const constant = polymod([...expanded, ...words]);
  if (constant !== BECH32_CONST && constant !== BECH32M_CONST) return undefined;
  return { hrp, data: words.slice(0, -6), constant };
}

/* ---- Per chain ---- */

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

function isBitcoinAddress(address: string): boolean {
  if (/^(bc1|BC1)/.test(address)) {
    const decoded = decodeBech32(address);
    if (!decoded || decoded.hrp !== 'bc') return false;
    const version = decoded.data[0];
    // v0 (P2WPKH 42 characters, P2WSH 62) uses bech32; v1 taproot (62) uses bech32m.
    if (version === 0) return decoded.constant === BECH32_CONST && (address.length === 42 || address.length === 62);
    if (version === 1) return decoded.constant === BECH32M_CONST && address.length === 62;
    return false;
  }
  if (!/^[13][1-9A-HJ-NP-Za-km-z]{25,34}$/.test(address)) return false;
  const payload = decodeBase58Check(address);
  // version byte 0x00 (P2PKH, "1...") or 0x05 (P2SH, "3...") + a 20-byte hash.
  return payload !== undefined && payload.length === 21 && (payload[0] === 0x00 || payload[0] === 0x05);
}

function isCardanoAddress(address: string): boolean {
  if (/^addr1[0-9a-z]{50,}$/.test(address)) {
    const decoded = decodeBech32(address, 200);
    return decoded !== undefined && decoded.hrp === 'addr' && decoded.constant === BECH32_CONST;
  }
  // Byron-era addresses (base58 of CBOR with a CRC32): format only.
  return /^(Ae2|DdzFF)[1-9A-HJ-NP-Za-km-z]{50,120}$/.test(address);
}

function isPolkadotAddress(address: string): boolean {
  if (!/^[15][1-9A-HJ-NP-Za-km-z]{46,47}$/.test(address)) return false;
  const bytes = decodeBase58(address);
  // one prefix byte (0 = Polkadot, 42 = generic Substrate) + 32-byte key + 2 bytes of BLAKE2b-512("SS58PRE" || prefix || key).
  if (!bytes || bytes.length !== 35 || (bytes[0] !== 0 && bytes[0] !== 42)) return false;
  const digest = createHash('blake2b512').update(Buffer.from('SS58PRE')).update(bytes.subarray(0, 33)).digest();
  return digest[0] === bytes[33] && digest[1] === bytes[34];
}

function isSolanaAddress(address: string): boolean {
  if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address)) return false;
  return decodeBase58(address)?.length === 32;
}

function isXrpAddress(address: string): boolean {
  if (!/^r[1-9A-HJ-NP-Za-km-z]{24,34}$/.test(address)) return false;
  const payload = decodeBase58Check(address, XRP_ALPHABET);
  return payload !== undefined && payload.length === 21 && payload[0] === 0x00;
}

const CHECKS: Record<string, (address: string) => boolean> = {
  BTC: isBitcoinAddress,
  ETH: (a) => EVM_ADDRESS.test(a),
  USDT: (a) => EVM_ADDRESS.test(a),
  BNB: (a) => EVM_ADDRESS.test(a),
  MATIC: (a) => EVM_ADDRESS.test(a),
  AVAX: (a) => EVM_ADDRESS.test(a),
  ADA: isCardanoAddress,
  DOT: isPolkadotAddress,
  SOL: isSolanaAddress,
  XRP: isXrpAddress,
};

/** Whether the address is well-formed for the currency's chain (format and, where the chain has one, checksum). */
export function isValidAddress(currency: string, address: string): boolean {
  const check = CHECKS[currency.toUpperCase()];
  return check !== undefined && address.length <= 200 && check(address);
}

/**
 * The form two addresses are compared in (duplicates, the cooldown): lower case where the chain's format is
 * case-insensitive (hex, bech32), exactly as typed elsewhere (base58 is case-sensitive).
 */
export function addressKey(currency: string, address: string): string {
  const trimmed = address.trim();
  if (EVM_ADDRESS.test(trimmed) || /^(bc1|addr1)/i.test(trimmed)) return trimmed.toLowerCase();
  void currency;
  return trimmed;
}
