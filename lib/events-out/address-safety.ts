import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

// Outbound safety: a webhook URL is the tenant's input, so it must not reach the service's own
// network (cloud metadata at 169.254.169.254, the database, admin ports on localhost). Every
// address a host name resolves to is checked, and the connection is made to the checked address
// (the lookup below is the socket's own), so a DNS answer that changes between check and connect
// (rebinding) cannot slip through. Operators may allow ranges (LEDGER_WEBHOOK_ALLOWED_NETWORKS).

const FORBIDDEN_V4 = [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const;

const FORBIDDEN_V6 = [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const;

const forbidden = new BlockList();
for (const [network, prefix] of FORBIDDEN_V4) forbidden.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of FORBIDDEN_V6) forbidden.addSubnet(network, prefix, 'ipv6');

export class ForbiddenAddress extends Error {
  readonly code = 'EFORBIDDENADDRESS';
  constructor(host: string, address: string) {
    super(`${host} resolves to ${address}, a private, loopback or link-local address that deliveries may not reach`);
    this.name = 'ForbiddenAddress';
  }
}

export function parseAllowedNetworks(entries: readonly string[]): BlockList {
  const allowed = new BlockList();
  for (const entry of entries) {
    const [network, prefixText] = entry.split('/');
    const family = isIP(network ?? '');
    if (!network || family === 0) throw new Error(`LEDGER_WEBHOOK_ALLOWED_NETWORKS: ${entry} is not an address or CIDR range`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    const prefix = prefixText === undefined ? (family === 4 ? 32 : 128) : Number(prefixText);
    if (!Number.isInteger(prefix) || prefix < 0 || prefix > (family === 4 ? 32 : 128)) {
      throw new Error(`LEDGER_WEBHOOK_ALLOWED_NETWORKS: ${entry} has a bad prefix length`);
    }
    allowed.addSubnet(network, prefix, type);
  }
  return allowed;
}

/** An IPv4-mapped IPv6 address (::ffff:10.0.0.1) is judged as the IPv4 address it carries. */
function normalize(address: string): { address: string; type: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return { address: mapped[1]!, type: 'ipv4' };
  return { address, type: isIP(address) === 4 ? 'ipv4' : 'ipv6' };
}

export function isForbiddenAddress(address: string, allowed: BlockList): boolean {
  const { address: plain, type } = normalize(address);
  if (allowed.check(plain, type)) return false;
  if (type === 'ipv6' && /^::ffff:/i.test(plain)) return true; // other mapped forms: refuse
  return forbidden.check(plain, type);
}

/** The host of a URL as the socket sees it (IPv6 literals without brackets). */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/** For an IP literal host the socket does no lookup: check it here. */
export function assertLiteralAllowed(host: string, allowed: BlockList): void {
  if (isIP(host) !== 0 && isForbiddenAddress(host, allowed)) throw new ForbiddenAddress(host, host);
}

/** A socket lookup that resolves as usual, then refuses the whole answer if any address is forbidden. */
export function safeLookup(allowed: BlockList): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const bad = addresses.find((entry) => isForbiddenAddress(entry.address, allowed));
      if (bad) return callback(new ForbiddenAddress(hostname, bad.address), '', 0);
      if (addresses.length === 0) return callback(new Error(`${hostname} has no address`), '', 0);
      if (options.all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}
