import { afterAll, beforeAll, expect, it } from 'vitest';

import { as, registerUser, type Session } from './helpers/api.ts';
import { sandboxCharge, shopCost } from './helpers/payments.ts';
import { mp4Bytes, openSeededStore } from './helpers/store.ts';
import { describeEachDatabase, type TestApp } from './helpers/test-app.ts';

/** An admin cannot publish a course with a lesson that has no video; drafts are never sold. */
describeEachDatabase('course drafts and publishing', (kind) => {
  let t: TestApp;
  let admin: Session;
  beforeAll(async () => ({ t, admin } = await openSeededStore(kind)));
  afterAll(async () => t.close());

  const post = (user: Session | null, url: string, payload: unknown) =>
    as(t.app, user, { method: 'POST', url, payload });
  const shopList = async (user: Session | null) =>
    (await as(t.app, user, { method: 'GET', url: '/api/shop?per_page=100' })).json().data;
  const adminItem = async (id: number) => {
    const data = (await as(t.app, admin, { method: 'GET', url: '/api/v1/admin/items?per_page=100' })).json()
      .data;
    return data.list
      .flatMap((pack: { items: Array<{ id: number }> }) => pack.items)
      .find((item: { id: number }) => item.id === id);
  };
  const uploadVideo = (lessonId: number) => {
    const boundary = '----video';
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/lessons/${lessonId}/video`,
      headers: {
        authorization: `Bearer ${admin.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="l.mp4"\r\n` +
            'Content-Type: video/mp4\r\n\r\n',
        ),
        mp4Bytes(1000),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
  };
  /** A new course in its own package, with lessons titled `titles` (no video yet). */
  const draftCourse = async (name: string, titles: string[]) => {
    const created = await post(admin, '/api/v1/admin/items', {
      type: 'video_course',
      name,
      description: 'd',
      price_usd: 19,
      price_rub: 1500,
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id, package_id: packageId } = created.json().data as { id: number; package_id: number };
    const lessons: number[] = [];
    for (const title of titles) {
      const lesson = await post(admin, `/api/v1/admin/items/${id}/lessons`, { title });
      expect(lesson.statusCode, lesson.body).toBe(200);
      lessons.push(lesson.json().data.id);
    }
    return { id, packageId, lessons };
  };

  it('the seeded courses (all with their lessons) are published and for sale', async () => {
    const data = (await as(t.app, admin, { method: 'GET', url: '/api/v1/admin/items?per_page=100' })).json()
      .data;
    const courses = data.list
      .flatMap(
        (pack: { items: Array<{ type: string; published: boolean; lessons: unknown[] }> }) => pack.items,
      )
      .filter((item: { type: string }) => item.type === 'video_course');
    expect(courses.length).toBeGreaterThan(0);
    for (const course of courses) expect(course).toMatchObject({ published: true });
    const forSale = (await shopList(null)).list.flatMap(
      (pack: { video_courses: unknown[] }) => pack.video_courses,
    );
    expect(forSale).toHaveLength(courses.length);
  });

  it('a new course is a draft: not listed, no product page, refused by the cost and checkout routes', async () => {
    const buyer = await registerUser(t.app);
    const before = (await shopList(buyer)).total;
    const course = await draftCourse('Draft course', ['Intro']);
    expect(await adminItem(course.id)).toMatchObject({ published: false, owners: 0, price_usd: 19 });
    const list = await shopList(buyer);
    expect(list.total).toBe(before);
    expect(list.list.some((pack: { id: number }) => pack.id === course.packageId)).toBe(false);
    const page = await as(t.app, buyer, { method: 'GET', url: `/api/shop/product/${course.packageId}` });
    expect(page.statusCode).toBe(404);
    // An attacker who knows the draft's ids asks for its price and for an order.
    const body = { package_id: course.packageId, products: [], video_courses: [course.id] };
    const cost = await post(buyer, '/api/v1/shop/cost/shop', body);
    expect(cost.statusCode).toBe(404);
    const manual = await post(buyer, '/api/v1/manual_payment', {
      method: 'card',
      pay_for_shop: true,
      pay_for_premium: false,
      ...body,
      payment_source: '4242',
    });
    expect(manual.statusCode).toBe(404);
    // Nor can it ride along in a published package: a draft added to a seeded package stays out of it.
    const seeded = (await shopList(buyer)).list[0];
    const rider = await post(admin, '/api/v1/admin/items', {
      type: 'video_course',
      name: 'Rider',
      description: 'd',
      price_usd: 1,
      price_rub: 1,
      package_id: seeded.id,
    });
    const riderId = rider.json().data.id;
    const listed = (await shopList(buyer)).list.find((pack: { id: number }) => pack.id === seeded.id);
    expect(listed.video_courses.map((item: { id: number }) => item.id)).not.toContain(riderId);
    const product = (await as(t.app, buyer, { method: 'GET', url: `/api/shop/product/${seeded.id}` })).json()
      .data;
    expect(product.video_courses.map((item: { id: number }) => item.id)).not.toContain(riderId);
    const riderCost = await post(buyer, '/api/v1/shop/cost/shop', {
      package_id: seeded.id,
      products: [],
      video_courses: [riderId],
    });
    expect(riderCost.statusCode).toBe(400);
    const orders = await t.app.services.db.kysely
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', buyer.id)
      .execute();
    expect(orders).toEqual([]);
  });

  it('publishing is refused with 409 naming the lessons without video, then allowed once every lesson has one', async () => {
    const empty = await draftCourse('Empty course', []);
    const none = await post(admin, `/api/v1/admin/items/${empty.id}/publish`, { published: true });
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('courseWithoutLessons');

    const course = await draftCourse('Course with gaps', ['Opening ranges', 'Flop play', 'River bluffs']);
    expect((await uploadVideo(course.lessons[1]!)).statusCode).toBe(200);
    const refused = await post(admin, `/api/v1/admin/items/${course.id}/publish`, { published: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'lessonsWithoutVideo',
      error: 'Upload a video for every lesson before publishing the course: "Opening ranges", "River bluffs"',
    });
    expect(await adminItem(course.id)).toMatchObject({ published: false });

    for (const lesson of [course.lessons[0]!, course.lessons[2]!]) {
      expect((await uploadVideo(lesson)).statusCode).toBe(200);
    }
    const published = await post(admin, `/api/v1/admin/items/${course.id}/publish`, { published: true });
    expect(published.statusCode, published.body).toBe(200);
    const item = await adminItem(course.id);
    expect(item.published).toBe(true);
    expect(item.lessons.map((lesson: { has_video: boolean }) => lesson.has_video)).toEqual([
      true,
      true,
      true,
    ]);

    const buyer = await registerUser(t.app);
    const pack = (await shopList(buyer)).list.find((offer: { id: number }) => offer.id === course.packageId);
    expect(pack).toMatchObject({ total: 19, video_courses: [{ id: course.id, name: 'Course with gaps' }] });
    // A published course takes no new lesson (it would be sold without its video).
    const late = await post(admin, `/api/v1/admin/items/${course.id}/lessons`, { title: 'Late' });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('coursePublished');
  });

  it('going back to draft takes the course off sale, and whoever bought it keeps it', async () => {
    const course = await draftCourse('Bought then drafted', ['Only lesson']);
    await uploadVideo(course.lessons[0]!);
    expect(
      (await post(admin, `/api/v1/admin/items/${course.id}/publish`, { published: true })).statusCode,
    ).toBe(200);
    const owner = await registerUser(t.app);
    const body = { package_id: course.packageId, products: [], video_courses: [course.id] };
    const cost = await shopCost(t.app, owner, body);
    expect((await sandboxCharge(t.app, owner, cost)).statusCode).toBe(200);
    expect((await adminItem(course.id)).owners).toBe(1);

    const back = await post(admin, `/api/v1/admin/items/${course.id}/publish`, { published: false });
    expect(back.statusCode).toBe(200);
    const stranger = await registerUser(t.app);
    expect((await shopList(stranger)).list.some((pack: { id: number }) => pack.id === course.packageId)).toBe(
      false,
    );
    expect((await post(stranger, '/api/v1/shop/cost/shop', body)).statusCode).toBe(404);
    expect(
      (await as(t.app, stranger, { method: 'GET', url: `/api/shop/product/${course.packageId}` })).statusCode,
    ).toBe(404);
    const page = await as(t.app, owner, { method: 'GET', url: `/api/shop/product/${course.packageId}` });
    expect(page.statusCode).toBe(200);
    const lesson = page.json().data.video_courses[0].lessons[0];
    expect(page.json().data).toMatchObject({ all_owned: true, total: 0 });
    expect((await as(t.app, owner, { method: 'GET', url: lesson.video_url })).statusCode).toBe(200);
  });

  it('only admins list the catalogue and publish', async () => {
    const user = await registerUser(t.app);
    const course = await draftCourse('Guarded', []);
    expect((await as(t.app, user, { method: 'GET', url: '/api/v1/admin/items' })).statusCode).toBe(403);
    expect((await as(t.app, null, { method: 'GET', url: '/api/v1/admin/items' })).statusCode).toBe(401);
    const publish = await post(user, `/api/v1/admin/items/${course.id}/publish`, { published: true });
    expect(publish.statusCode).toBe(403);
    expect((await post(admin, '/api/v1/admin/items/999999/publish', { published: true })).statusCode).toBe(
      404,
    );
    expect(
      (await post(admin, `/api/v1/admin/items/${course.id}/publish`, { published: 'yes' })).statusCode,
    ).toBe(400);
  });
});
