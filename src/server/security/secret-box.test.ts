import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.ts';

describe('secret box', () => {
  const box = createSecretBox('a'.repeat(43));

  it('opens what it sealed, and the sealed text does not contain the secret', () => {
    const sealed = box.seal('totp', 'JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open('totp', sealed)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('seals the same secret differently each time', () => {
    expect(box.seal('totp', 'same')).not.toBe(box.seal('totp', 'same'));
  });

  it('refuses a value sealed for another purpose, under another APP_SECRET, or edited', () => {
    const sealed = box.seal('totp', 'secret');
    expect(() => box.open('webhook', sealed)).toThrow();
    expect(() => createSecretBox('b'.repeat(43)).open('totp', sealed)).toThrow();
    const [version, iv, body, tag] = sealed.split('.');
    const flipped = body!.startsWith('A') ? `B${body!.slice(1)}` : `A${body!.slice(1)}`;
    expect(() => box.open('totp', [version, iv, flipped, tag].join('.'))).toThrow();
    expect(() => box.open('totp', 'garbage')).toThrow();
  });
});
