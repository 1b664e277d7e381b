import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ERROR_MESSAGES } from '../../contract/errors.ts';
import { as, registerUser, type Session } from './helpers/api.ts';
import { bearer, createTestApp, describeEachDatabase, type TestApp } from './helpers/test-app.ts';

/** A hand-made multipart body, so the test controls every byte. */
function multipart(field: string, filename: string, content: Buffer, type = 'application/octet-stream') {
  const boundary = '----rangeforge-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, content, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A tiny PNG whose header claims 60,000 x 60,000 pixels: decoding it would need gigabytes. */
function pixelBomb(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(60_000, 0);
  header.writeUInt32BE(60_000, 4);
  header.writeUInt8(8, 8);
  header.writeUInt8(0, 9);
  const rows = zlib.deflateSync(Buffer.alloc(60_001 * 4));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describeEachDatabase('profile', (kind) => {
  let t: TestApp;
  let user: Session;
  beforeAll(async () => {
    t = await createTestApp(kind);
    user = await registerUser(t.app);
  });
  afterAll(async () => t.close());

  const upload = (session: Session | null, content: Buffer, filename = 'a.png') => {
    const body = multipart('avatar', filename, content);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/users/userprofile/update/avatar',
      payload: body.payload,
      headers: { 'content-type': body.contentType, ...(session ? bearer(session.token) : {}) },
    });
  };

  it('every profile route answers 401 without a session', async () => {
    const routes: Array<['GET' | 'POST', string]> = [
      ['GET', '/api/v1/users/userprofile'],
      ['GET', '/api/v1/users/find_users?q=ab'],
      ['POST', '/api/v1/users/language'],
      ['POST', '/api/v1/users/userprofile/update/username'],
      ['POST', '/api/v1/users/userprofile/update/password'],
      ['POST', '/api/v1/users/userprofile/update/avatar'],
      ['GET', '/api/v1/users/userprofile/purchases'],
      ['GET', '/api/v1/users/userprofile/affiliate_purchases'],
    ];
    for (const [method, url] of routes) {
      const response = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toEqual({ error: ERROR_MESSAGES.unauthorized, code: 'unauthorized' });
    }
  });

  it('saves the language and validates it', async () => {
    const ok = await as(t.app, user, {
      method: 'POST',
      url: '/api/v1/users/language',
      payload: { language: 'ru-RU' },
    });
    expect(ok.json()).toEqual({ data: { language: 'ru-RU' } });
    const me = await as(t.app, user, { method: 'GET', url: '/api/v1/auth/user' });
    expect(me.json().data.me.language).toBe('ru-RU');
    const bad = await as(t.app, user, {
      method: 'POST',
      url: '/api/v1/users/language',
      payload: { language: 'de-DE' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('languageInvalid');
  });

  it('changes the username with the spec validation', async () => {
    const url = '/api/v1/users/userprofile/update/username';
    const other = await registerUser(t.app);
    const taken = await as(t.app, user, { method: 'POST', url, payload: { username: other.username } });
    expect(taken.statusCode).toBe(409);
    expect((await as(t.app, user, { method: 'POST', url, payload: {} })).json().code).toBe(
      'usernameRequired',
    );
    expect((await as(t.app, user, { method: 'POST', url, payload: { username: 'abc' } })).json().code).toBe(
      'usernameLength',
    );
    const ok = await as(t.app, user, { method: 'POST', url, payload: { username: `${user.username}x` } });
    expect(ok.json().data.username).toBe(`${user.username}x`);
  });

  it('changes the password: checks current, match, and revokes other sessions only', async () => {
    const url = '/api/v1/users/userprofile/update/password';
    const me = await registerUser(t.app);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { login: me.email, password: 'secret123' },
    });
    const otherToken = other.json().data.token as string;
    const cases: Array<[object, string]> = [
      [{ new_password: 'newpass1', confirm_password: 'newpass1' }, 'currentPasswordRequired'],
      [{ current_password: 'secret123', confirm_password: 'newpass1' }, 'newPasswordRequired'],
      [{ current_password: 'secret123', new_password: 'newpass1' }, 'confirmPasswordRequired'],
      [
        { current_password: 'secret123', new_password: 'newpass1', confirm_password: 'other11' },
        'passwordsDoNotMatch',
      ],
      [
        { current_password: 'wrong-one', new_password: 'newpass1', confirm_password: 'newpass1' },
        'currentPasswordIncorrect',
      ],
      [{ current_password: 'secret123', new_password: '123', confirm_password: '123' }, 'passwordLength'],
    ];
    for (const [payload, code] of cases) {
      const response = await as(t.app, me, { method: 'POST', url, payload });
      expect(response.statusCode, code).toBe(400);
      expect(response.json().code).toBe(code);
    }
    const ok = await as(t.app, me, {
      method: 'POST',
      url,
      payload: { current_password: 'secret123', new_password: 'newpass1', confirm_password: 'newpass1' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await as(t.app, me, { method: 'GET', url: '/api/v1/auth/user' })).json().data.me.id).toBe(me.id);
    const revoked = await t.app.inject({
      method: 'GET',
      url: '/api/v1/auth/user',
      headers: bearer(otherToken),
    });
    expect(revoked.json().data.me.id).toBeNull();
  });

  it('finds other users by username prefix only, never by e-mail', async () => {
    const other = await registerUser(t.app);
    const byName = await as(t.app, user, {
      method: 'GET',
      url: '/api/v1/users/find_users',
      query: { q: other.username },
    });
    expect(byName.json().data).toEqual([
      { id: other.id, username: other.username, avatar: '/media/avatars/' },
    ]);
    const byMail = await as(t.app, user, {
      method: 'GET',
      url: '/api/v1/users/find_users',
      query: { q: other.email },
    });
    // An exact address must not reveal the account behind it.
    expect(byMail.statusCode).toBe(200);
    expect(byMail.json().data).toEqual([]);
    const wildcard = await as(t.app, user, {
      method: 'GET',
      url: '/api/v1/users/find_users',
      query: { q: '%' },
    });
    expect(wildcard.json().data).toEqual([]);
  });

  describe('avatar', () => {
    it('re-encodes an image to a 256x256 WebP under a random name', async () => {
      const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#22aa44' } })
        .png()
        .toBuffer();
      const response = await upload(user, png);
      expect(response.statusCode).toBe(200);
      const avatar = response.json().data.avatar as string;
      expect(avatar).toMatch(/^\/media\/avatars\/[0-9a-f]{32}\.webp$/);
      const file = path.join(t.config.mediaDir, 'avatars', path.basename(avatar));
      const meta = await sharp(fs.readFileSync(file)).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
      const me = await as(t.app, user, { method: 'GET', url: '/api/v1/auth/user' });
      expect(me.json().data.me.avatar).toBe(avatar);
    });

    it('rejects a non-image', async () => {
      const response = await upload(user, Buffer.from('<?php echo "hi"; ?>'), 'evil.png');
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('avatarInvalid');
    });

    it('rejects a file over 2 MB', async () => {
      const response = await upload(user, Buffer.alloc(2 * 1024 * 1024 + 10, 1));
      expect(response.statusCode).toBe(413);
      expect(response.json().code).toBe('avatarTooLarge');
    });

    it('rejects a pixel bomb without decoding it', async () => {
      const bomb = pixelBomb();
      expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
      const response = await upload(user, bomb);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('avatarInvalid');
    });

    it('rejects a request without a file', async () => {
      const response = await as(t.app, user, {
        method: 'POST',
        url: '/api/v1/users/userprofile/update/avatar',
        payload: {},
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('avatarRequired');
    });
  });
});
