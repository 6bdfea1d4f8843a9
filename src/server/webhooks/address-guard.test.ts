import { describe, expect, it } from 'vitest';
import { webhookAttemptError } from '#src/shared/webhook-messages.ts';
import { checkTarget, isAllowedAddress, type Resolver } from './address-guard.ts';
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
  ])('refuses %s', (address) => {
    expect(isAllowedAddress(address, strict)).toBe(false);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '192.169.0.1', '2606:4700:4700::1111', '100.128.0.1'])('allows %s', (address) => {
    expect(isAllowedAddress(address, strict)).toBe(true);
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
