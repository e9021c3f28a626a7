import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

type Cidr<T> = readonly [T, number];

const cidr4 = (text: string): Cidr<ipaddr.IPv4> => ipaddr.IPv4.parseCIDR(text);
const cidr6 = (text: string): Cidr<ipaddr.IPv6> => ipaddr.IPv6.parseCIDR(text);

// Listed again on top of ipaddr.js's range() so that a change in the library's range table
// cannot quietly open an internal block.
const REFUSED_V4 = [
  '0.0.0.0/8', // "this network"
  '10.0.0.0/8',
  '100.64.0.0/10', // CGNAT
  '127.0.0.0/8',
  '169.254.0.0/16', // link-local: EC2 metadata 169.254.169.254, ECS credentials 169.254.170.2
  '172.16.0.0/12',
  '192.0.0.0/24', // IETF protocol assignments
  '192.0.2.0/24', // TEST-NET-1
  '192.88.99.0/24', // 6to4 relay anycast
  '192.168.0.0/16',
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24', // TEST-NET-2
  '203.0.113.0/24', // TEST-NET-3
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, includes broadcast
].map(cidr4);

// Every prefix that embeds an IPv4 address is refused outright rather than unpacked: the embedded
// address may be obfuscated (Teredo) or translated by a gateway we do not control (NAT64).
const REFUSED_V6 = [
  '::/96', // unspecified, loopback and IPv4-compatible
  '::ffff:0:0/96', // IPv4-mapped
  '::ffff:0:0:0/96', // IPv4-translated (RFC 6145)
  '64:ff9b::/96', // NAT64 well-known prefix
  '64:ff9b:1::/48', // NAT64 local-use prefix
  '100::/64', // discard-only
  '2001::/32', // Teredo
  '2001:db8::/32', // documentation
  '2002::/16', // 6to4
  '3fff::/20', // documentation
  'fc00::/7', // unique local, includes the EC2 IPv6 metadata address fd00:ec2::254
  'fe80::/10', // link-local
  'fec0::/10', // deprecated site-local
  'ff00::/8', // multicast
].map(cidr6);

// Global unicast is allocated only from 2000::/3; anything outside it is not routable on the internet.
const GLOBAL_UNICAST_V6 = cidr6('2000::/3');

function isPublicV4(address: string): boolean {
  // Only strict dotted-decimal: ipaddr.js would also read octal/hex/short forms, which we never connect to.
  if (!ipaddr.IPv4.isValidFourPartDecimal(address)) return false;
  const ip = ipaddr.IPv4.parse(address);
  if (ip.range() !== 'unicast') return false;
  return !REFUSED_V4.some((range) => ip.match(range[0], range[1]));
}

function isPublicV6(address: string): boolean {
  // A zone id only makes sense on link-local addresses, which are refused anyway.
  if (address.includes('%') || !ipaddr.IPv6.isValid(address)) return false;
  const ip = ipaddr.IPv6.parse(address);
  if (ip.isIPv4MappedAddress() || ip.range() !== 'unicast') return false;
  if (!ip.match(GLOBAL_UNICAST_V6[0], GLOBAL_UNICAST_V6[1])) return false;
  return !REFUSED_V6.some((range) => ip.match(range[0], range[1]));
}

/** True only for a globally routable unicast IPv4 or IPv6 address written in its plain form. */
export function isPublicAddress(address: string): boolean {
  if (typeof address !== 'string') return false;
  switch (isIP(address)) {
    case 4:
      return isPublicV4(address);
    case 6:
      return isPublicV6(address);
    default:
      return false;
  }
}
