import { describe, expect, it } from 'vitest';
import { webhookAttemptError } from '#src/shared/webhooks/messages.ts';
import { checkTarget, isAllowedAddress, isAllowedPort, type Resolver } from './address-guard.ts';
import { sendWebhook } from './send.ts';

const strict = { allowLoopback: false };
const loose = { allowLoopback: true };

describe('webhook address guard (product rules H6)', () => {
  it.each([
    '127.0.0.1',
    '127.5.6.7',
    '::1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.100.100.200',
    '100.64.0.1',
    '0.0.0.0',
    '::',
    'fc00::1',
    'fd00:ec2::254',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:8.8.8.8',
    '64:ff9b::7f00:1',
    '2002:7f00:1::',
    '224.0.0.1',
    '255.255.255.255',
    'not-an-address',
    // Loopback and private ranges in the forms a text comparison misses.
    '0::1',
    '0:0:0:0:0:0:0:1',
    '::127.0.0.1',
    '::ffff:0:127.0.0.1',
    'fec0::1',
    '64:ff9b:1::a9fe:a9fe',
    '2001::1',
    '2001:0:4136:e378:8000:63bf:3fff:fdd2',
    '2001:db8::1',
    '3fff::1',
    // The documentation ranges of the IPv4 registry.
    '192.0.2.1',
    '198.51.100.7',
    '203.0.113.9',
  ])('refuses %s', (address) => {
    expect(isAllowedAddress(address, strict)).toBe(false);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '192.169.0.1', '2606:4700:4700::1111', '100.128.0.1'])('allows %s', (address) => {
    expect(isAllowedAddress(address, strict)).toBe(true);
  });

  it.each([
    ['https://hooks.example.com/x', true],
    ['https://hooks.example.com:443/x', true],
    ['https://hooks.example.com:8443/x', true],
    ['https://hooks.example.com:25/x', false],
    ['https://hooks.example.com:6379/x', false],
    ['https://hooks.example.com:5432/x', false],
    ['https://hooks.example.com:1023/x', false],
    ['http://hooks.example.com/x', false],
  ])('port of %s allowed: %s', (url, allowed) => {
    expect(isAllowedPort(new URL(url), strict)).toBe(allowed);
  });

  it('refuses a service port at send time, before any look-up', async () => {
    let looked = 0;
    const resolve: Resolver = async () => {
      looked += 1;
      return [{ address: '93.184.216.34', family: 4 }];
    };
    await expect(checkTarget('https://hooks.example.com:6379/x', strict, resolve)).rejects.toThrow(webhookAttemptError.refusedPort);
    expect(looked).toBe(0);
  });

  it('allows loopback only when configured, and never private or metadata addresses', () => {
    expect(isAllowedAddress('127.0.0.1', loose)).toBe(true);
    expect(isAllowedAddress('::1', loose)).toBe(true);
    expect(isAllowedAddress('10.0.0.1', loose)).toBe(false);
    expect(isAllowedAddress('169.254.169.254', loose)).toBe(false);
  });

  const resolvesTo =
    (...addresses: string[]): Resolver =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

  it('checks every address a name resolves to, after DNS', async () => {
    await expect(checkTarget('https://hooks.example.com/x', strict, resolvesTo('93.184.216.34'))).resolves.toMatchObject({
      address: '93.184.216.34',
      family: 4,
    });
    await expect(checkTarget('https://rebind.example.com/x', strict, resolvesTo('127.0.0.1'))).rejects.toThrow(
      webhookAttemptError.refusedAddress,
    );
    // One private answer among public ones refuses the name: the connection could land on either.
    await expect(checkTarget('https://mixed.example.com/x', strict, resolvesTo('93.184.216.34', '10.0.0.5'))).rejects.toThrow(
      webhookAttemptError.refusedAddress,
    );
    await expect(checkTarget('https://v6.example.com/x', strict, resolvesTo('fe80::1'))).rejects.toThrow(
      webhookAttemptError.refusedAddress,
    );
    await expect(checkTarget('http://hooks.example.com/x', strict, resolvesTo('93.184.216.34'))).rejects.toThrow(
      webhookAttemptError.notHttps,
    );
    const failing: Resolver = async () => {
      throw Object.assign(new Error('nope'), { code: 'ENOTFOUND' });
    };
    await expect(checkTarget('https://nowhere.invalid/x', strict, failing)).rejects.toThrow(webhookAttemptError.unresolved);
  });

  it('records a refused send as an attempt without connecting', async () => {
    let looked = 0;
    const resolve: Resolver = async () => {
      looked += 1;
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const result = await sendWebhook(
      {
        id: 'msg_1',
        url: 'https://rebind.example.com/x',
        secret: `whsec_${Buffer.alloc(24, 7).toString('base64')}`,
        payload: '{}',
        at: Date.now(),
      },
      { policy: strict, resolve },
    );
    expect(looked).toBe(1);
    expect(result).toMatchObject({ statusCode: null, response: '', error: webhookAttemptError.refusedAddress });
  });
});
