import { checkUrl, UrlRefusedError, type UrlRefusalCode } from './url-policy';

function refusal(raw: string, allowHosts: readonly string[] = []): UrlRefusedError {
  try {
    checkUrl(raw, allowHosts);
  } catch (error) {
    if (error instanceof UrlRefusedError) return error;
    throw error;
  }
  throw new Error(`expected ${raw} to be refused`);
}

describe('checkUrl', () => {
  it.each([
    'https://cdn.example.com/media/clip.mp4',
    'http://example.com',
    'https://example.com:8443/a/b?c=d#frag',
    'https://8.8.8.8/file.mp3',
    'https://[2606:4700:4700::1111]/x.wav',
    'HTTPS://Example.COM/Upper.mp4',
  ])('accepts %s', (raw) => {
    const url = checkUrl(raw);
    expect(url).toBeInstanceOf(URL);
    expect(['http:', 'https:']).toContain(url.protocol);
  });

  it.each<[string, UrlRefusalCode]>([
    ['', 'url_invalid'],
    ['not a url', 'url_invalid'],
    ['/relative/path.mp4', 'url_invalid'],
    ['ftp://example.com/file.mp4', 'url_invalid'],
    ['file:///etc/passwd', 'url_invalid'],
    ['gopher://example.com:70/_x', 'url_invalid'],
    ['data:text/plain;base64,SGVsbG8=', 'url_invalid'],
    ['javascript:alert(1)', 'url_invalid'],
    ['ws://example.com/socket', 'url_invalid'],
    ['https://user:secret@example.com/file.mp4', 'url_invalid'],
    ['https://user@example.com/file.mp4', 'url_invalid'],
    ['https://:secret@example.com/file.mp4', 'url_invalid'],
    [`https://example.com/${'a'.repeat(2048)}`, 'url_invalid'],
    ['http://1.2.3.999/', 'url_invalid'],
  ])('refuses the shape of %j as %s', (raw, code) => {
    const error = refusal(raw);
    expect(error.code).toBe(code);
    expect(error.message).toMatch(/^Error: /);
  });

  it('counts the length of the URL as written, 2048 characters at most', () => {
    const base = 'https://example.com/';
    expect(checkUrl(base + 'a'.repeat(2048 - base.length)).href).toHaveLength(2048);
    expect(refusal(base + 'a'.repeat(2049 - base.length)).code).toBe('url_invalid');
  });

  it.each([
    // names
    'http://localhost/',
    'http://LOCALHOST:8080/',
    'http://localhost./',
    'http://api.localhost/',
    'http://printer.local/',
    'http://metadata.google.internal/computeMetadata/v1/',
    'http://ip-10-0-0-5.ec2.internal/',
    // IPv4 literals in every spelling the WHATWG parser folds to dotted form
    'http://127.0.0.1/',
    'http://127.0.0.1./',
    'http://2130706433/',
    'http://0x7f000001/',
    'http://017700000001/',
    'http://127.1/',
    'http://0x7f.1/',
    'http://0177.0.0.1/',
    'http://%31%32%37.0.0.1/',
    'http://0/',
    'http://10.0.0.5/',
    'http://172.16.0.1/',
    'http://192.168.0.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://169.254.170.2/v2/credentials',
    'http://100.64.0.1/',
    'http://2852039166/', // 169.254.169.254 as one decimal number
    // IPv6 literals
    'http://[::1]/',
    'http://[::]/',
    'http://[0:0:0:0:0:0:0:1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://[::ffff:169.254.169.254]/',
    'http://[::127.0.0.1]/',
    'http://[64:ff9b::7f00:1]/',
    'http://[2002:7f00:1::]/',
    'http://[fc00::1]/',
    'http://[fd00:ec2::254]/',
    'http://[fe80::1]/',
  ])('refuses the internal host in %s', (raw) => {
    const error = refusal(raw);
    expect(error.code).toBe('url_forbidden');
    expect(error.message).toBe('Error: the URL points to a private or internal address.');
  });

  it('never echoes the internal address it refused', () => {
    expect(refusal('http://2130706433/').message).not.toMatch(/127|2130706433/);
  });

  describe('allow list', () => {
    it('lets an exact host:port through', () => {
      expect(checkUrl('http://127.0.0.1:45123/file.mp4', ['127.0.0.1:45123']).port).toBe('45123');
      expect(checkUrl('http://localhost:45123/', ['localhost:45123']).hostname).toBe('localhost');
      expect(checkUrl('http://[::1]:45123/', ['[::1]:45123']).hostname).toBe('[::1]');
    });

    it('matches the normalised host, so other spellings of an allowed address pass too', () => {
      expect(checkUrl('http://2130706433:45123/', ['127.0.0.1:45123']).hostname).toBe('127.0.0.1');
    });

    it('fills in the default port of the scheme', () => {
      expect(checkUrl('http://127.0.0.1/', ['127.0.0.1:80']).hostname).toBe('127.0.0.1');
      expect(refusal('https://127.0.0.1/', ['127.0.0.1:80']).code).toBe('url_forbidden');
    });

    it('does not allow the same host on another port, nor another host on the same port', () => {
      expect(refusal('http://127.0.0.1:45124/', ['127.0.0.1:45123']).code).toBe('url_forbidden');
      expect(refusal('http://127.0.0.2:45123/', ['127.0.0.1:45123']).code).toBe('url_forbidden');
      expect(refusal('http://localhost:45123/', ['127.0.0.1:45123']).code).toBe('url_forbidden');
    });

    it('still enforces scheme and credentials', () => {
      expect(refusal('ftp://127.0.0.1:45123/', ['127.0.0.1:45123']).code).toBe('url_invalid');
      expect(refusal('http://u:p@127.0.0.1:45123/', ['127.0.0.1:45123']).code).toBe('url_invalid');
    });

    it('is empty by default', () => {
      expect(refusal('http://127.0.0.1:45123/').code).toBe('url_forbidden');
    });
  });
});
