import { beforeAll, describe, expect, it } from 'vitest';
import { opsPaths } from '#src/shared/ops/paths.ts';
import { opsError } from '#src/shared/ops/messages.ts';
import { client, uniqueEmail, useTestApp, useTwoTestApps } from '../../../tests/support/test-app.ts';
import { engines } from '../../../tests/support/test-db.ts';
import { adminPerson } from '../../../tests/support/admin.ts';
import { person, type Person } from '../../../tests/support/workspaces.ts';

const register = (url: string) =>
  client(url).post('/register', { name: 'New Person', email: uniqueEmail('new'), password: 'tessera-pass-1' });

// Hears a change on another instance without a restart; waits on the condition, never on a duration.
async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let tries = 0; tries < 100; tries += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the change never arrived');
}

describe.each(engines)('system settings on %s', (engine) => {
  describe('on two instances', () => {
    const apps = useTwoTestApps(engine);
    let admin: Person;
    beforeAll(async () => {
      admin = await adminPerson(apps().a, 'Sam Settings');
    });

    it('answers a plain user 404 and a guest 401, changing nothing', async () => {
      const { a } = apps();
      const plain = await person(a, 'Pat Plain');
      for (const [method, body] of [['GET'], ['PUT', { signupsOpen: false }]] as const) {
        expect((await plain.c.call(method, opsPaths.settings, body)).status).toBe(404);
        expect((await client(a.url).call(method, opsPaths.settings, body)).status).toBe(401);
      }
      expect(await a.db.kysely.selectFrom('system_settings').selectAll().execute()).toEqual([]);
    });

    it('closes sign-ups and shows the banner on the other instance at once, with an audit row', async () => {
      const { a, b } = apps();
      expect((await register(b.url)).status).toBe(201);
      const saved = await admin.c.put(opsPaths.settings, { signupsOpen: false, maintenanceBanner: 'Down for upgrades at 22:00 UTC' });
      expect(saved.status).toBe(200);
      expect(saved.body.settings).toMatchObject({ signupsOpen: false, maintenanceBanner: 'Down for upgrades at 22:00 UTC' });
      const closed = await register(a.url);
      expect([closed.status, closed.body]).toEqual([403, { error: opsError.signupsClosed }]);
      const banner = async () => (await client(b.url).get(opsPaths.banner)).body.banner;
      await eventually(async () => (await banner()) === 'Down for upgrades at 22:00 UTC');
      expect((await register(b.url)).body).toEqual({ error: opsError.signupsClosed });
      const audit = await a.db.kysely.selectFrom('admin_audit').selectAll().where('action', '=', 'settings.change').execute();
      expect(audit.map((row) => [row.actor_user_id, JSON.parse(row.details)])).toEqual([
        [admin.id, { signupsOpen: false, maintenanceBanner: 'Down for upgrades at 22:00 UTC' }],
      ]);

      await admin.c.put(opsPaths.settings, { signupsOpen: true, maintenanceBanner: '' });
      await eventually(async () => (await banner()) === null);
      expect((await register(b.url)).status).toBe(201);
    });

    it('sends mail from the new sender and links to the new address, from either instance', async () => {
      const { b } = apps();
      const second = await adminPerson(b, 'Bea Admin');
      const saved = await admin.c.put(opsPaths.settings, {
        mailFrom: 'Acme Tasks <tasks@acme.example>',
        publicOrigin: 'https://tasks.acme.example/ignored',
      });
      expect(saved.body.settings).toMatchObject({
        mailFrom: 'Acme Tasks <tasks@acme.example>',
        publicOrigin: 'https://tasks.acme.example',
      });
      await eventually(async () => ((await second.c.get(opsPaths.settings)).body.settings.mailFrom as string).startsWith('Acme'));
      const invitee = uniqueEmail('invitee');
      expect((await second.c.post('/admin/invitations', { email: invitee })).status).toBe(201);
      const mail = await b.mail.waitFor(invitee);
      expect(mail.raw).toMatch(/^From: "?Acme Tasks"? <tasks@acme\.example>/im);
      expect(mail.raw).toContain('https://tasks.acme.example/register');
    });

    it('refuses bad input with a clear 400, storing nothing', async () => {
      const { a } = apps();
      const before = await a.db.kysely.selectFrom('system_settings').selectAll().orderBy('key').execute();
      for (const body of [
        {},
        { signupsOpen: 'no' },
        { publicOrigin: 'javascript:alert(1)' },
        { rateLimitMultiplier: 0 },
        { mailFrom: 'Evil\r\nBcc: all@example.com <x@example.com>' },
        { maintenanceBanner: 'x'.repeat(281) },
        { unknown: true },
      ]) {
        const answer = await admin.c.put(opsPaths.settings, body);
        expect(answer.status, JSON.stringify(body)).toBe(400);
        expect(typeof answer.body.error).toBe('string');
      }
      expect(await a.db.kysely.selectFrom('system_settings').selectAll().orderBy('key').execute()).toEqual(before);
    });
  });

  describe('with environment variables set', () => {
    const app = useTestApp(engine, { env: { MAIL_FROM: 'Ops <ops@example.com>', BETA_APPROVAL: 'off' } });

    it('says which settings the environment fixes and refuses to change them', async () => {
      const t = app();
      const admin = await adminPerson(t);
      const read = await admin.c.get(opsPaths.settings);
      expect(read.body.fromEnvironment).toEqual({ mailFrom: 'MAIL_FROM', betaApproval: 'BETA_APPROVAL' });
      expect(read.body.settings).toMatchObject({ mailFrom: 'Ops <ops@example.com>', betaApproval: false, signupsOpen: true });
      const refused = await admin.c.put(opsPaths.settings, { mailFrom: 'Other <other@example.com>', signupsOpen: false });
      expect([refused.status, refused.body]).toEqual([409, { error: opsError.fromEnvironment('MAIL_FROM') }]);
      expect(await t.db.kysely.selectFrom('system_settings').selectAll().execute()).toEqual([]);
      expect((await register(t.url)).status).toBe(201);
    });
  });
});
