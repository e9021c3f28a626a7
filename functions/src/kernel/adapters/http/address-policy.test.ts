import { isPublicAddress } from './address-policy';

const internal: [string, string][] = [
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', '"this network" 0/8'],
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback, far end of 127/8'],
  ['10.0.0.5', 'private 10/8'],
  ['172.16.0.1', 'private 172.16/12, low end'],
  ['172.31.255.254', 'private 172.16/12, high end'],
  ['192.168.1.1', 'private 192.168/16'],
  ['169.254.169.254', 'EC2 instance metadata'],
  ['169.254.170.2', 'ECS task credentials'],
  ['169.254.0.1', 'link-local'],
  ['100.64.0.1', 'CGNAT, low end'],
  ['100.127.255.254', 'CGNAT, high end'],
  ['192.0.0.8', 'IETF protocol assignments 192.0.0/24'],
  ['192.0.2.10', 'TEST-NET-1'],
  ['198.51.100.7', 'TEST-NET-2'],
  ['203.0.113.9', 'TEST-NET-3'],
  ['198.18.0.1', 'benchmarking 198.18/15'],
  ['198.19.255.1', 'benchmarking 198.18/15, second half'],
  ['192.88.99.1', '6to4 relay anycast'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast (SSDP)'],
  ['240.0.0.1', 'reserved 240/4'],
  ['255.255.255.255', 'broadcast'],
  ['::', 'IPv6 unspecified'],
  ['::1', 'IPv6 loopback'],
  ['fc00::1', 'unique local fc00::/7'],
  ['fd00:ec2::254', 'EC2 IPv6 instance metadata (ULA)'],
  ['fe80::1', 'IPv6 link-local'],
  ['fe80::1%eth0', 'IPv6 link-local with zone id'],
  ['febf:ffff::1', 'IPv6 link-local, high end of fe80::/10'],
  ['fec0::1', 'deprecated site-local'],
  ['ff02::1', 'IPv6 multicast'],
  ['2001:db8::1', 'IPv6 documentation'],
  ['3fff::1', 'IPv6 documentation 3fff::/20'],
  ['100::1', 'discard-only'],
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback, dotted'],
  ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
  ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
  ['::ffff:8.8.8.8', 'IPv4-mapped public (refused outright)'],
  ['0:0:0:0:0:ffff:a00:5', 'IPv4-mapped 10.0.0.5, long form'],
  ['::127.0.0.1', 'IPv4-compatible loopback'],
  ['::8.8.8.8', 'IPv4-compatible public (refused outright)'],
  ['::ffff:0:7f00:1', 'IPv4-translated (RFC 6145)'],
  ['64:ff9b::7f00:1', 'NAT64 well-known prefix, loopback'],
  ['64:ff9b::808:808', 'NAT64 well-known prefix, public (refused outright)'],
  ['64:ff9b:1::a00:5', 'NAT64 local-use prefix'],
  ['2002:7f00:1::1', '6to4 embedding 127.0.0.1'],
  ['2002:808:808::1', '6to4 embedding 8.8.8.8 (refused outright)'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
  ['2001:2::1', 'IPv6 benchmarking'],
];

const malformed: [string, string][] = [
  ['', 'empty'],
  ['localhost', 'a name, not an address'],
  ['example.com', 'a name, not an address'],
  ['2130706433', 'decimal IPv4 (not a plain form)'],
  ['0x7f000001', 'hex IPv4'],
  ['017700000001', 'octal IPv4'],
  ['127.1', 'short IPv4'],
  ['0177.0.0.1', 'octal dotted IPv4'],
  ['010.0.0.1', 'leading zero, ambiguous octal'],
  ['1.2.3.256', 'octet out of range'],
  ['[::1]', 'IPv6 in brackets'],
  ['::1::', 'two double colons'],
  [' 8.8.8.8', 'leading space'],
  ['8.8.8.8/32', 'CIDR, not an address'],
];

const publicAddresses: [string, string][] = [
  ['8.8.8.8', 'Google DNS'],
  ['1.1.1.1', 'Cloudflare DNS'],
  ['93.184.215.14', 'ordinary public IPv4'],
  ['172.32.0.1', 'just above 172.16/12'],
  ['100.128.0.1', 'just above CGNAT'],
  ['169.253.255.255', 'just below link-local'],
  ['2606:4700:4700::1111', 'Cloudflare DNS over IPv6'],
  ['2a00:1450:4001:82b::200e', 'ordinary global IPv6'],
  ['2001:4860:4860::8888', 'Google DNS over IPv6 (2001:4860 is outside Teredo 2001::/32)'],
];

describe('isPublicAddress', () => {
  it.each(internal)('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(malformed)('refuses unparsable or non-plain %j (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(publicAddresses)('accepts %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });

  it('refuses values that are not strings at all', () => {
    // Callers are typed, but resolver output crosses a trust boundary.
    expect(isPublicAddress(undefined as unknown as string)).toBe(false);
    expect(isPublicAddress(2130706433 as unknown as string)).toBe(false);
  });
});
