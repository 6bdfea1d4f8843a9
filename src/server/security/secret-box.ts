import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// Secrets we must read back (a two-factor seed, a webhook signing secret) are stored sealed with a key
// derived from APP_SECRET, which lives outside the database: a copy of the database alone reveals none.
// AES-256-GCM also authenticates, so a row edited in the database fails to open instead of being trusted.
// The purpose is bound in as associated data: a value sealed for one use cannot be opened for another.
const VERSION = 'v1';

function keyFor(appSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, 'tessera', 'secret-box', 32));
}

export interface SecretBox {
  seal: (purpose: string, plain: string) => string;
  open: (purpose: string, sealed: string) => string;
}

export function createSecretBox(appSecret: string): SecretBox {
  const key = keyFor(appSecret);
  return {
    seal(purpose, plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(purpose));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
    },
    open(purpose, sealed) {
      const [version, iv, body, tag] = sealed.split('.');
      if (version !== VERSION || !iv || !body || !tag) throw new Error('Not a sealed secret.');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(purpose));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
