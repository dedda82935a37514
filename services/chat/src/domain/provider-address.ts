import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import ipaddr from 'ipaddr.js';
import { Agent } from 'undici';
import { CHAT_ERRORS } from './chat.errors.js';

/**
 * Where the assistants' provider may be (issue 26: an admin session could point the URL at the platform itself and
 * have an internal answer posted as a bot message). The URL's host must resolve only to public unicast addresses:
 * loopback, private (RFC 1918, unique-local), link-local (cloud metadata 169.254.169.254), carrier-grade NAT,
 * unspecified, multicast and the other reserved ranges are refused, unless the operator names the host in
 * ASSISTANT_PROVIDER_ALLOWED_HOSTS (a self-hosted model inside the network). Checked when the URL is saved, and
 * again when each call connects (the lookup of the connection itself, so a name that changes its address after the
 * save, DNS rebinding, is refused too).
 */
export interface TProviderAddressPolicy {
  /** Host names (as the URL spells them, lower case) allowed whatever they resolve to. */
  allowedHosts: ReadonlySet<string>;
}

export function parseAllowedHosts(list: string): ReadonlySet<string> {
  return new Set(
    list
      .split(',')
      .map((host) => host.trim().toLowerCase().replace(/^\[|\]$/g, ''))
      .filter(Boolean),
  );
}

/** The host of a URL as compared with the allow-list (IPv6 without brackets). */
function hostOf(url: URL): string {
  return url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
}

/** The origin a key belongs to (scheme, host, port); '' for no URL. */
export function originOf(providerBaseUrl: string): string {
  if (!providerBaseUrl) return '';
  try {
    return new URL(providerBaseUrl).origin;
  } catch {
    return providerBaseUrl;
  }
}

/** Why an address may not be called, or undefined when it is public unicast. */
export function forbiddenRange(address: string): string | undefined {
  if (!ipaddr.isValid(address)) return 'not an address';
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  const range = parsed.range();
  return range === 'unicast' ? undefined : range;
}

function lookupAll(host: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))));
}

/**
 * The save-time check: 400 for a URL with credentials, a host that resolves to a forbidden range, or one that
 * does not resolve. An allowed host passes without a lookup.
 */
export async function checkProviderUrl(providerBaseUrl: string, policy: TProviderAddressPolicy): Promise<void> {
  if (!providerBaseUrl) return;
  let url: URL;
  try {
    url = new URL(providerBaseUrl);
  } catch {
    throw CHAT_ERRORS.providerUrlNotAllowed('not a valid URL');
  }
  if (url.username || url.password) throw CHAT_ERRORS.providerUrlNotAllowed('no user name or password in the URL');
  const host = hostOf(url);
  if (policy.allowedHosts.has(host)) return;
  let addresses: LookupAddress[];
  try {
    addresses = ipaddr.isValid(host) ? [{ address: host, family: host.includes(':') ? 6 : 4 }] : await lookupAll(host);
  } catch {
    throw CHAT_ERRORS.providerUrlUnresolvable();
  }
  if (addresses.length === 0) throw CHAT_ERRORS.providerUrlUnresolvable();
  for (const { address } of addresses) {
    const range = forbiddenRange(address);
    if (range) throw CHAT_ERRORS.providerUrlNotAllowed(`${host} is ${range}`);
  }
}

type TLookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * The connection-time check, as an undici dispatcher: its lookup resolves the host and refuses a forbidden address
 * (the connection fails, the caller falls back to the offline generator). IP literals in the URL never reach a
 * lookup, so the caller checks those itself (checkLiteralHost).
 */
export function createProviderDispatcher(policy: TProviderAddressPolicy): Agent {
  const lookup = (hostname: string, options: { all?: boolean }, callback: TLookupCallback) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const allowed = policy.allowedHosts.has(hostname.toLowerCase());
      const refused = allowed ? undefined : addresses.map((a) => forbiddenRange(a.address)).find(Boolean);
      if (refused || addresses.length === 0) {
        const failure: NodeJS.ErrnoException = new Error(`provider host ${hostname} resolves to a ${refused ?? 'missing'} address`);
        failure.code = 'EPROVIDERADDRESS';
        return callback(failure, []);
      }
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
  return new Agent({ connect: { lookup: lookup as never }, connections: 4 });
}

/** A URL whose host is an IP literal: the range is checked here (no lookup happens); undefined when fine. */
export function literalHostRefusal(providerBaseUrl: string, policy: TProviderAddressPolicy): string | undefined {
  let host: string;
  try {
    host = hostOf(new URL(providerBaseUrl));
  } catch {
    return 'not a valid URL';
  }
  if (policy.allowedHosts.has(host) || !ipaddr.isValid(host)) return undefined;
  return forbiddenRange(host);
}
