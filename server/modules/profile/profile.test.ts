import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { MONEY_MSG, MSG, PROFILE_MSG } from '@common/messages';
import { users } from '../../db/schema';
import {
  createTestContext,
  type Headers,
  signupBody,
  storedKeys,
  uniqueEmail,
  UNKNOWN_ID,
} from '../../test/app';
import { useTestContext } from '../../test/context';
import { type Answer, expectAnswer } from '../../test/expect';
import { createClient, createTestUser, imageDataUrl } from '../../test/factories';

const { t, admin, inject } = useTestContext();
let png: string;
beforeAll(async () => {
  png = await imageDataUrl('png');
});
const userRow = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
/** As a new client, sends `body` with `send` and expects 400 with `message`; answers the client's row after. */
async function refusedFor(
  send: (headers: Headers, body: Record<string, unknown>) => Promise<Answer>,
  body: Record<string, unknown>,
  message: string,
) {
  const c = await createClient(t.app);
  expectAnswer(await send(c.headers, body), 400, message);
  return userRow(c.id);
}
const setStatus = (id: string, verificationStatus: string) =>
  t.database.db.update(users).set({ verificationStatus }).where(eq(users.id, id));

const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;
/** A JPEG carrying an EXIF text that must not survive re-encoding. */
const jpegWithExif = () =>
  sharp({ create: { width: 24, height: 24, channels: 3, background: '#345678' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps-and-camera' } } })
    .toBuffer();
/** Text that a careless server would take for an image from its name or declared type. */
const textFile = Buffer.from('this is a text file named photo.png\n');

const profile = { firstName: 'Ada', lastName: 'Lovelace', phone: '+44 20 7946 0000', country: 'Kosovo' };

describe('PATCH /api/user/profile', () => {
  const patch = (headers: Headers, body: Record<string, unknown> = {}) =>
    inject('PATCH', '/api/user/profile', headers, { ...profile, ...body });

  it('answers 401 to a visitor and 403 to a blocked client', async () => {
    expect((await patch({})).statusCode).toBe(401);
    const blocked = await createClient(t.app);
    await t.database.db.update(users).set({ banned: true }).where(eq(users.id, blocked.id));
    const res = await patch(blocked.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.accountBlocked);
  });

  it.each([
    [{ firstName: '' }, MSG.required('First name')],
    [{ firstName: undefined }, MSG.required('First name')],
    [{ lastName: '   ' }, MSG.required('Last name')],
    [{ phone: '' }, MSG.required('Phone number')],
    [{ phone: '1'.repeat(33) }, 'Phone number must be at most 32 characters'],
    [{ country: 'Atlantis' }, PROFILE_MSG.invalidCountry],
    [{ country: 'united states' }, PROFILE_MSG.invalidCountry],
    [{ country: '' }, MSG.required('Country')],
    [{ gender: 'robot' }, MSG.required('Gender')],
  ])('refuses %j with 400 and the message', async (body, message) => {
    expect((await refusedFor(patch, body, message)).firstName).toBe('Test');
  });

  it('saves the fields and answers the user as GET /api/user/me does', async () => {
    const c = await createClient(t.app);
    const res = await patch(c.headers, { firstName: '  Ada ', country: 'Taiwan' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(PROFILE_MSG.profileUpdated);
    const me = (await inject('GET', '/api/user/me', c.headers)).json().data;
    expect(res.json().data).toEqual(me);
    expect(me).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      phone: '+44 20 7946 0000',
      country: 'Taiwan',
    });
    expect(me.account).toHaveProperty('balance', 0);
    const row = await userRow(c.id);
    expect(row.name).toBe('Ada Lovelace');
  });

  it('sets a gender only when none is stored; a stored one cannot be changed', async () => {
    const c = await createClient(t.app);
    expect((await userRow(c.id)).gender).toBeNull();
    expect((await patch(c.headers, { gender: 'female' })).json().data.gender).toBe('female');
    const change = await patch(c.headers, { gender: 'male' });
    expect(change.statusCode).toBe(400);
    expect(change.json().message).toBe(PROFILE_MSG.genderLocked);
    // the same gender, or none, is fine (the form sends the disabled field's value)
    expect((await patch(c.headers, { gender: 'female', firstName: 'Same' })).statusCode).toBe(200);
    expect((await patch(c.headers, { gender: undefined, firstName: 'None' })).json().data).toMatchObject({
      gender: 'female',
      firstName: 'None',
    });
  });
});

describe('POST /api/user/profile-picture and GET /api/files/profile-pictures/:userId', () => {
  const upload = (headers: Headers, image: unknown) =>
    inject('POST', '/api/user/profile-picture', headers, { image });

  it('answers 401 to a visitor and 400 without an image', async () => {
    expect((await upload({}, png)).statusCode).toBe(401);
    const c = await createClient(t.app);
    for (const image of [undefined, '']) {
      const res = await upload(c.headers, image);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(PROFILE_MSG.pictureRequired);
    }
  });

  it('refuses more than 2,000,000 bytes with the seed message before decoding anything', async () => {
    const c = await createClient(t.app);
    const before = storedKeys(t).length;
    // not even base64: a server that decoded first would answer 400, not 413
    const notDecoded = `data:image/png;base64,${'@'.repeat(Math.ceil((2_000_000 * 4) / 3) + 400)}`;
    const res = await upload(c.headers, notDecoded);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(PROFILE_MSG.imageTooLarge);
    // valid base64 of 2,000,001 bytes that start like a PNG: refused by its decoded length
    const header = Buffer.from(png.slice(png.indexOf(',') + 1), 'base64');
    const justOver = Buffer.concat([header, Buffer.alloc(2_000_001 - header.length)]);
    const over = await upload(c.headers, dataUrl('image/png', justOver));
    expect(over.statusCode).toBe(413);
    expect(over.json().message).toBe(PROFILE_MSG.imageTooLarge);
    // a body over the route's limit is refused unread, with the same message
    const huge = await upload(c.headers, `data:image/png;base64,${'A'.repeat(6 * 1024 * 1024)}`);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe(PROFILE_MSG.imageTooLarge);
    expect(storedKeys(t).length).toBe(before);
    expect((await userRow(c.id)).profilePictureKey).toBeNull();
  });

  it('judges the type by the bytes: a text file named .png, a GIF, WebP and SVG are refused', async () => {
    const c = await createClient(t.app);
    const before = storedKeys(t).length;
    const webp = await imageDataUrl('webp');
    const cases: Array<[string, string]> = [
      ['text as png', dataUrl('image/png', textFile)],
      ['text as jpeg', dataUrl('image/jpeg', textFile)],
      [
        'gif',
        dataUrl(
          'image/png',
          Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
        ),
      ],
      ['webp', webp.replace('image/webp', 'image/png')],
      [
        'svg',
        dataUrl(
          'image/svg+xml',
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        ),
      ],
      ['not a data url', 'photo.png'],
    ];
    for (const [name, image] of cases) {
      const res = await upload(c.headers, image);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message, name).toBe(PROFILE_MSG.imageType);
    }
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#abcdef' } })
      .jpeg()
      .toBuffer();
    const truncated = await upload(c.headers, dataUrl('image/jpeg', jpeg.subarray(0, jpeg.length / 2)));
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json().message).toBe(PROFILE_MSG.imageUnreadable);
    expect(storedKeys(t).length).toBe(before);
  });

  it('accepts PNG bytes claimed as JPEG, keeps them PNG, and serves them to the owner and admins only', async () => {
    const c = await createClient(t.app);
    const res = await upload(c.headers, png.replace('image/png', 'image/jpeg'));
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(PROFILE_MSG.pictureUpdated);
    const url = res.json().data.profilePicture.url as string;
    expect(url).toMatch(new RegExp(`^/api/files/profile-pictures/${c.id}\\?v=[0-9a-f-]{36}$`));
    expect(res.json().data).toEqual((await inject('GET', '/api/user/me', c.headers)).json().data);

    const own = await inject('GET', url, c.headers);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['cache-control']).toMatch(/\bno-store\b/);
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect((await inject('GET', url, admin.headers)).statusCode).toBe(200);
    const other = await createClient(t.app);
    expect((await inject('GET', url, other.headers)).statusCode).toBe(403);
    expect((await inject('GET', url)).statusCode).toBe(401);
    expect((await inject('GET', `/api/files/profile-pictures/${other.id}`, other.headers)).statusCode).toBe(
      404,
    );
    expect((await inject('GET', '/api/files/profile-pictures/not-an-id', admin.headers)).statusCode).toBe(
      400,
    );
  });

  it('re-encodes a JPEG without its metadata and replaces the old picture', async () => {
    const c = await createClient(t.app);
    const first = await upload(c.headers, png);
    const firstKey = (await userRow(c.id)).profilePictureKey!;
    expect(storedKeys(t)).toContain(firstKey);

    const original = await jpegWithExif();
    expect(original.includes(Buffer.from('secret-gps-and-camera'))).toBe(true);
    const second = await upload(c.headers, dataUrl('image/jpeg', original));
    expect(second.statusCode).toBe(200);
    const secondUrl = second.json().data.profilePicture.url as string;
    expect(secondUrl).not.toBe(first.json().data.profilePicture.url);
    const served = await inject('GET', secondUrl, c.headers);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.equals(original)).toBe(false);
    expect(served.rawPayload.includes(Buffer.from('secret-gps-and-camera'))).toBe(false);
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();

    const keys = storedKeys(t).filter((k) => k.startsWith(`profile-pictures/${c.id}/`));
    expect(keys).toEqual([(await userRow(c.id)).profilePictureKey]);
    expect(keys).not.toContain(firstKey);
  });
});

describe('POST /api/user/verification and GET /api/files/kyc/:userId/:side', () => {
  const submit = (headers: Headers, body: Record<string, unknown> = {}) =>
    inject('POST', '/api/user/verification', headers, {
      documentType: 'passport',
      address: '1 Main Street',
      state: 'Texas',
      documentFront: png,
      ...body,
    });

  it('answers 401 to a visitor and 403 before the e-mail is confirmed', async () => {
    expect((await submit({})).statusCode).toBe(401);
    const unverified = await createTestUser(t.app, { emailVerified: false });
    const res = await submit(unverified.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.emailNotVerified);
  });

  it.each([
    [{ documentFront: undefined }, PROFILE_MSG.documentRequired],
    [{ documentFront: '' }, PROFILE_MSG.documentRequired],
    [{ documentType: 'library-card' }, PROFILE_MSG.documentType],
    [{ documentType: undefined }, PROFILE_MSG.documentType],
    [{ address: 'x'.repeat(201) }, 'Address must be at most 200 characters'],
  ])('refuses %j with 400 and the message', async (body, message) => {
    expect((await refusedFor(submit, body, message)).verificationStatus).toBe('awaiting');
  });

  it('checks each document like a photo: bytes not names, 5 MiB before decoding', async () => {
    const c = await createClient(t.app);
    const before = storedKeys(t).length;
    for (const body of [
      { documentFront: dataUrl('image/png', textFile) },
      { documentBack: dataUrl('image/jpeg', textFile) },
    ]) {
      const res = await submit(c.headers, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(PROFILE_MSG.imageType);
    }
    const notDecoded = `data:image/png;base64,${'@'.repeat(Math.ceil((5 * 1024 * 1024 * 4) / 3) + 400)}`;
    for (const body of [{ documentFront: notDecoded }, { documentBack: notDecoded }]) {
      const res = await submit(c.headers, body);
      expect(res.statusCode).toBe(413);
      expect(res.json().message).toBe(MONEY_MSG.fileTooLarge);
    }
    expect(storedKeys(t).length).toBe(before);
    expect((await userRow(c.id)).verificationStatus).toBe('awaiting');
  });

  it('stores cleaned documents, sets pending, and serves them to the owner and admins only', async () => {
    const c = await createClient(t.app);
    const res = await submit(c.headers, {
      documentType: 'driver-license',
      documentFront: dataUrl('image/jpeg', await jpegWithExif()),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(PROFILE_MSG.verificationUploaded);
    const data = res.json().data;
    expect(data).toEqual((await inject('GET', '/api/user/me', c.headers)).json().data);
    expect(data).toMatchObject({
      verificationStatus: 'pending',
      location: { address: '1 Main Street', state: 'Texas' },
    });
    expect(data.verification.documentType).toBe('driver-license');
    expect(data.verification.documentBack.url).toBeNull();
    expect(Date.now() - Date.parse(data.verification.submittedAt)).toBeLessThan(60_000);
    expect((await userRow(c.id)).verificationSubmittedAt).toBeInstanceOf(Date);

    const front = data.verification.documentFront.url as string;
    expect(front).toMatch(new RegExp(`^/api/files/kyc/${c.id}/front\\?v=`));
    const own = await inject('GET', front, c.headers);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/jpeg');
    expect(own.headers['cache-control']).toMatch(/\bno-store\b/);
    expect(own.rawPayload.includes(Buffer.from('secret-gps-and-camera'))).toBe(false);
    expect((await inject('GET', front, admin.headers)).statusCode).toBe(200);
    const other = await createClient(t.app);
    expect((await inject('GET', front, other.headers)).statusCode).toBe(403);
    expect((await inject('GET', `/api/files/kyc/${c.id}/back`, other.headers)).statusCode).toBe(403);
    expect((await inject('GET', front)).statusCode).toBe(401);
    expect((await inject('GET', `/api/files/kyc/${c.id}/back`, c.headers)).statusCode).toBe(404);
    expect((await inject('GET', `/api/files/kyc/${c.id}/side`, c.headers)).statusCode).toBe(400);
  });

  it('is refused with 409 while pending or verified, and allowed again after a rejection', async () => {
    const c = await createClient(t.app);
    expect((await submit(c.headers, { documentBack: png })).statusCode).toBe(200);
    const firstKeys = await userRow(c.id);
    expect(firstKeys.documentBackKey).not.toBeNull();

    const keysBefore = storedKeys(t).length;
    const pending = await submit(c.headers);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe(PROFILE_MSG.verificationLocked('pending'));
    await setStatus(c.id, 'verified');
    const verified = await submit(c.headers);
    expect(verified.statusCode).toBe(409);
    expect(verified.json().message).toBe(PROFILE_MSG.verificationLocked('verified'));
    expect(storedKeys(t).length).toBe(keysBefore);

    for (const status of ['rejected', 'failed']) {
      await setStatus(c.id, status);
      const res = await submit(c.headers, { documentType: 'national-id' });
      expect(res.statusCode, status).toBe(200);
      expect(res.json().data.verificationStatus).toBe('pending');
      expect(res.json().data.verification.documentBack.url).toBeNull();
    }
    // the files of the earlier submissions are gone; only the latest front remains
    const mine = storedKeys(t).filter((k) => k.startsWith(`kyc/${c.id}/`));
    expect(mine).toEqual([(await userRow(c.id)).documentFrontKey]);
    expect(mine).not.toContain(firstKeys.documentFrontKey);
  });

  it('lets one of two parallel uploads through', async () => {
    const c = await createClient(t.app);
    const answers = await Promise.all([submit(c.headers), submit(c.headers, { documentType: 'other' })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(storedKeys(t).filter((k) => k.startsWith(`kyc/${c.id}/`))).toHaveLength(1);
  });
});

describe('files on disk', () => {
  it('are written under DATA_DIR/uploads and reachable only through the authenticated routes', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'profile-files-'));
    const d = await createTestContext({ dataDir: dir });
    try {
      const c = await createClient(d.app);
      const res = await d.app.inject({
        method: 'POST',
        url: '/api/user/verification',
        headers: c.headers,
        payload: { documentType: 'passport', documentFront: png },
      });
      expect(res.statusCode).toBe(200);
      const [row] = await d.database.db.select().from(users).where(eq(users.id, c.id));
      const key = row!.documentFrontKey!;
      expect(existsSync(path.join(dir, 'uploads', key))).toBe(true);
      const stored = readFileSync(path.join(dir, 'uploads', key));
      expect(readdirSync(path.join(dir, 'uploads', 'kyc', c.id))).toHaveLength(1);
      for (const url of [
        `/uploads/${key}`,
        `/${key}`,
        `/api/${key}`,
        `/api/files/${key}`,
        `/api/files/uploads/${key}`,
      ]) {
        // unknown paths get the web app's index page (or 404), never the stored file
        const r = await d.app.inject({ method: 'GET', url, headers: c.headers });
        expect(r.headers['content-type'] ?? '', url).not.toMatch(/^image\//);
        expect(r.rawPayload.equals(stored), url).toBe(false);
      }
      expect(
        (await d.app.inject({ method: 'GET', url: `/api/files/kyc/${c.id}/front`, headers: c.headers }))
          .statusCode,
      ).toBe(200);
    } finally {
      await d.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('GET /api/user/referrals/:id', () => {
  const referrals = (id: string, headers: Headers = {}) =>
    inject('GET', `/api/user/referrals/${id}`, headers);

  it('answers 401 to a visitor, 403 for another client, 400 for a bad id, 404 for nobody', async () => {
    const c = await createClient(t.app);
    const other = await createClient(t.app);
    expect((await referrals(c.id)).statusCode).toBe(401);
    expect((await referrals(c.id, other.headers)).statusCode).toBe(403);
    expect((await referrals('not-an-id', c.headers)).statusCode).toBe(400);
    expect((await referrals(UNKNOWN_ID, admin.headers)).statusCode).toBe(404);
    // a client asking about a missing id is refused, not told whether it exists
    expect((await referrals(UNKNOWN_ID, c.headers)).statusCode).toBe(403);
  });

  it('answers the link, the referrer and the referred clients with masked e-mails, newest first', async () => {
    const grand = await createClient(t.app);
    const owner = await createClient(t.app, { referredBy: grand.id });
    const first = await createClient(t.app, { referredBy: owner.id });
    const gone = await createClient(t.app, { referredBy: owner.id });
    await t.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    // a real sign-up through the referral code
    const email = uniqueEmail('jane');
    const signup = await inject(
      'POST',
      '/api/auth/signup',
      {},
      signupBody({
        lastName: 'Referred',
        email,
        phone: '+1 555 0101',
        password: 'Referred-pass-42',
        country: 'United States',
        referralId: owner.row.referralId.toLowerCase(),
      }),
    );
    expect(signup.statusCode).toBe(201);

    const res = await referrals(owner.id, owner.headers);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.referralId).toBe(owner.row.referralId);
    expect(data.link).toBe(`http://127.0.0.1:3000/signup?referral=${owner.row.referralId}`);
    expect(data.referredBy).toEqual({ firstName: 'Test', lastName: grand.row.lastName, email: grand.email });
    expect(data.referrals.map((r: { email: string }) => r.email)).toEqual([
      'j***@example.com',
      'm***@example.com',
    ]);
    expect(JSON.stringify(data)).not.toContain(email);
    expect(JSON.stringify(data)).not.toContain(first.email);
    const dates = data.referrals.map((r: { createdAt: string }) => Date.parse(r.createdAt));
    expect(dates[0]).toBeGreaterThanOrEqual(dates[1]);

    expect((await referrals(owner.id, admin.headers)).json().data).toEqual(data);
    const lonely = await referrals(grand.id, grand.headers);
    expect(lonely.json().data).toMatchObject({
      referredBy: null,
      referrals: [expect.objectContaining({ email: 'm***@example.com' })],
    });
  });
});

describe('presented users', () => {
  it('carry no storage keys', async () => {
    const c = await createClient(t.app);
    await inject('POST', '/api/user/profile-picture', c.headers, { image: png });
    const me = JSON.stringify((await inject('GET', '/api/user/me', c.headers)).json());
    const [row] = await t.database.db
      .select()
      .from(users)
      .where(like(users.profilePictureKey, `profile-pictures/${c.id}/%`));
    expect(me).not.toContain(row!.profilePictureKey!);
    expect(me).not.toContain('Key');
  });
});
