import type { BenchServer } from './server.ts';

export interface BenchAccount {
  email: string;
  password: string;
  // `tessera_session=...`, ready for a Cookie header.
  cookie: string;
}

// The console mailer prints the code indented on a line of its own (src/server/mail/templates.ts).
const CODE = /verify your email address:\s+([A-Z0-9]{6})\s/;

// A registered, verified, signed-in user, made through the public API the way a person would; the
// code comes from the console mailer's output (SMTP_URL unset).
export async function createSignedInAccount(server: BenchServer): Promise<BenchAccount> {
  const email = `bench.${Date.now()}@example.com`;
  const password = 'bench-mark-password-7';
  const post = async (path: string, body: unknown, expected: number) => {
    const response = await fetch(`${server.url}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.status !== expected) throw new Error(`POST /api${path} answered ${response.status}: ${await response.text()}`);
    return response;
  };
  await post('/register', { name: 'Bench Mark', email, password }, 201);
  for (let waited = 0; !CODE.test(server.output()); waited += 20) {
    if (waited > 5000) throw new Error('no verification code in the server output (console mailer)');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await post('/verify-email', { email, code: CODE.exec(server.output())![1] }, 200);
  const login = await post('/login', { email, password }, 200);
  const cookie = login.headers
    .getSetCookie()
    .find((header) => header.startsWith('tessera_session='))
    ?.split(';')[0];
  if (!cookie) throw new Error('POST /api/login set no tessera_session cookie');
  // The throughput run must measure the signed-in path, not the guest answer.
  const current = (await (await fetch(`${server.url}/api/current-user`, { headers: { cookie } })).json()) as {
    user: { email: string } | null;
  };
  if (current.user?.email !== email) throw new Error('GET /api/current-user did not return the signed-in user');
  return { email, password, cookie };
}
