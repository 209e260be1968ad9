import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { DeliveryFailure } from './channel.ts';

/**
 * Outgoing HTTP to addresses a tenant typed (a webhook, a push subscription's endpoint), kept off the
 * server's own network: loopback, private, link-local (the cloud metadata service, 169.254.169.254),
 * shared, multicast and reserved addresses are refused, unless the operator allows a range
 * (WEBHOOK_ALLOW_RANGES). The check is made on the address the socket connects to, after DNS
 * resolution and at connect time (a lookup of our own given to the socket), so a name that resolves
 * to a public address when checked and a private one when used (DNS rebinding) gains nothing.
 */
const REFUSED_V4 = [
  '0.0.0.0/8', // "this" network
  '10.0.0.0/8',
  '100.64.0.0/10', // shared address space (carrier NAT; some clouds' metadata)
  '127.0.0.0/8',
  '169.254.0.0/16', // link-local, the cloud metadata service
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, and the broadcast address
];
const REFUSED_V6 = [
  '::/128',
  '::1/128',
  '::ffff:0:0/96', // IPv4-mapped (the dotted form is checked as IPv4)
  '64:ff9b::/96', // NAT64: an IPv4 address inside
  '100::/64',
  '2001:db8::/32',
  '2002::/16', // 6to4: an IPv4 address inside
  'fc00::/7', // unique local, fd00:ec2::254 (a metadata service) among them
  'fe80::/10',
  'fec0::/10',
  'ff00::/8',
];

export const ADDRESS_REFUSED = 'WAYMARK_ADDRESS_REFUSED';

function addRange(lists: Record<'ipv4' | 'ipv6', net.BlockList>, range: string) {
  const [address = '', prefix] = range.split('/');
  const family = net.isIPv6(address) ? 'ipv6' : net.isIPv4(address) ? 'ipv4' : null;
  if (!family) throw new Error(`"${range}" is not an IP address range (10.1.0.0/16, fd00::/8)`);
  const bits = prefix === undefined ? (family === 'ipv4' ? 32 : 128) : Number(prefix);
  if (!Number.isInteger(bits) || bits < 0 || bits > (family === 'ipv4' ? 32 : 128))
    throw new Error(`"${range}" has no valid prefix length`);
  lists[family].addSubnet(address, bits, family);
}

export type Lookup = typeof dns.lookup;
type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;

export class AddressGuard {
  // one list per family: Node checks an IPv4 address against IPv6 rules too, as ::ffff:a.b.c.d,
  // so the rule refusing mapped addresses would refuse every IPv4 address in a shared list
  private readonly refused = { ipv4: new net.BlockList(), ipv6: new net.BlockList() };
  private readonly allowed = { ipv4: new net.BlockList(), ipv6: new net.BlockList() };

  /** `allowRanges`: CIDRs reachable despite the rules (the operator's WEBHOOK_ALLOW_RANGES). */
  constructor(
    allowRanges: string[] = [],
    /** How names are resolved: dns.lookup, or a stand-in (tests). */
    private readonly resolve: Lookup = dns.lookup,
  ) {
    for (const range of [...REFUSED_V4, ...REFUSED_V6]) addRange(this.refused, range);
    for (const range of allowRanges) addRange(this.allowed, range);
  }

  /** Whether a connection to this IP address is refused. */
  refuses(address: string): boolean {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    const ip = mapped ? mapped[1]! : address;
    const family = net.isIPv6(ip) ? 'ipv6' : 'ipv4';
    if (this.allowed[family].check(ip, family)) return false;
    return this.refused[family].check(ip, family);
  }

  /** A socket's lookup: resolves, and fails when any address the name has is refused. */
  readonly lookup = (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    this.resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const list = addresses as unknown as dns.LookupAddress[];
      const refused = list.find((a) => this.refuses(a.address));
      if (refused || !list.length) return callback(refusal(hostname, refused?.address), '');
      if (options.all) return callback(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

function refusal(host: string, address?: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(
    `${host}${address && address !== host ? ` (${address})` : ''} is not an address Waymark may reach`,
  );
  error.code = ADDRESS_REFUSED;
  return error;
}

export interface HttpAnswer {
  status: number;
  body: string;
}

/**
 * POSTs and reads the answer (its first 64 KiB); a guard checks the address connected to. Redirects
 * are not followed. Network failures and timeouts throw a DeliveryFailure worth another try; a
 * refused address, a permanent one.
 */
export function post(
  target: string,
  request: {
    headers: Record<string, string | number>;
    body: string | Buffer;
    timeoutMs?: number;
    guard?: AddressGuard;
  },
): Promise<HttpAnswer> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return Promise.reject(new DeliveryFailure(`not a URL: ${target.slice(0, 200)}`, true));
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return Promise.reject(new DeliveryFailure(`not an http(s) URL: ${url.protocol}`, true));
  const { guard } = request;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // a literal address is connected to without a lookup: checked here
  if (guard && net.isIP(host) && guard.refuses(host))
    return Promise.reject(new DeliveryFailure(refusal(host).message, true));
  return new Promise((resolve, reject) => {
    const sender = url.protocol === 'https:' ? https : http;
    const outgoing = sender.request(
      url,
      {
        method: 'POST',
        headers: request.headers,
        timeout: request.timeoutMs ?? 15_000,
        // a connection of its own, checked when made: none kept from another request
        agent: false,
        ...(guard ? { lookup: guard.lookup as unknown as net.LookupFunction } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < 65_536) chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8').slice(0, 65_536) }),
        );
        response.on('error', (error) => reject(new DeliveryFailure(error.message)));
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`no answer in ${request.timeoutMs ?? 15_000} ms`)));
    outgoing.on('error', (error: NodeJS.ErrnoException) =>
      reject(new DeliveryFailure(error.message, error.code === ADDRESS_REFUSED)),
    );
    outgoing.end(request.body);
  });
}
