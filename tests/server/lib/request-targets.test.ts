import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, startTestApp, type TestApp } from '../helpers';

/** HTTP details: absolute-form request targets, and cookies behind an https origin. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

/** One request written as it is on the wire; the status line and body of the answer. */
function raw(request: string): Promise<{ status: number; body: string }> {
  const { port } = new URL(t.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(request));
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString('utf8');
    });
    socket.on('end', () => {
      const [head, ...rest] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body: rest.join('\r\n\r\n') });
    });
    socket.on('error', reject);
  });
}

describe('absolute-form request targets', () => {
  it('are routed and authenticated by their path, like the origin form', async () => {
    const user = await createUser(t);
    const host = new URL(t.baseUrl).host;
    const signedIn = await raw(
      `GET http://${host}/api/me/ HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${user.token}\r\nConnection: close\r\n\r\n`,
    );
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toContain(`"email":"${user.email}"`);
    const badToken = await raw(
      `GET http://elsewhere.example/api/products/ HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer junk\r\nConnection: close\r\n\r\n`,
    );
    expect(badToken.status).toBe(401);
    const guest = await raw(`GET http://${host}/api/me/ HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
    expect(guest.status).toBe(401);
  });
});

describe('the device cookie', () => {
  it('is Secure when the public origin is https, whether or not a proxy is trusted', async () => {
    const pub = await startTestApp({ publicUrl: 'https://market.example', trustProxy: false });
    try {
      const user = await createUser(pub);
      const res = await pub.api.post('/api/auth/login/', { email: user.email, password: user.password });
      expect(res.status).toBe(200);
      expect(res.headers.get('set-cookie')).toMatch(/; Secure$/);
    } finally {
      await pub.close();
    }
    const user = await createUser(t);
    const plain = await t.api.post('/api/auth/login/', { email: user.email, password: user.password });
    expect(plain.headers.get('set-cookie')).not.toMatch(/Secure/);
  });
});
