import { afterAll, beforeAll, expect, it } from 'vitest';

import { ERROR_MESSAGES } from '../../contract/errors.ts';
import { CLASS_COUNT } from '../../contract/hands.ts';
import { SPOT_EV_MAX } from '../../contract/spot-ev.ts';
import { as, makePremium, registerUser, type Session } from './helpers/api.ts';
import { categoryCalls } from './helpers/categories.ts';
import { createTestApp, describeEachDatabase, type TestApp } from './helpers/test-app.ts';

const PUSH = '#E08A1E';
const FOLD = '#5B6B7F';

/**
 * Distinct values per class, so a value stored at the wrong class or rounded would show; a null (a class that never
 * gets to the decision) and a 0, which a validator coercing types could turn into each other.
 */
const values = (offset: number) =>
  Array.from({ length: CLASS_COUNT }, (_, index) =>
    index === 7 ? null : index === 8 ? 0 : offset + index / 1000,
  );

const spotEv = {
  unit: 'bb',
  play: { color: PUSH.toLowerCase(), ev: values(1) },
  fold: { color: FOLD, ev: values(-0.5) },
};
const stored = { ...spotEv, play: { ...spotEv.play, color: PUSH } };

// The per-class EVs a range saved from a solved push/fold spot carries (contract/spot-ev.ts).
describeEachDatabase('spot EVs of solved push/fold ranges', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => t.close());

  const { create, createId, read, update } = categoryCalls(() => t.app);
  const trainerChart = async (user: Session, id: number) =>
    (await as(t.app, user, { method: 'GET', url: `/api/v1/trainer/charts/${id}` })).json().data;
  const pushChart = (user: Session, extra: Record<string, unknown> = {}) =>
    createId(user, {
      name: 'SB push 10bb',
      root_type: 'tournament_root',
      buttons: [
        { color: PUSH, label: 'Push' },
        { color: FOLD, label: 'Fold' },
      ],
      pairs: [
        {
          hand: 'AA',
          colors: [{ color: PUSH, weight: 100 }],
        },
        {
          hand: 'A5s',
          colors: [
            { color: PUSH, weight: 62.5 },
            { color: FOLD, weight: 37.5 },
          ],
        },
      ],
      spot_ev: spotEv,
      ...extra,
    });

  it('keeps them with the range, answers them to its owner and to the trainer, and keeps them through edits', async () => {
    const user = await registerUser(t.app);
    const id = await pushChart(user);
    expect((await read(user, id)).spot_ev).toEqual(stored);
    const chart = await trainerChart(user, id);
    expect(chart.spot_ev).toEqual(stored);
    expect(chart.stack_bb).toBe(10);
    // The EVs are the spot's, whatever the player paints: an edit of the chart, its note or name keeps them.
    const edited = await update(user, id, { pairs: [], note: 'mine now', name: 'SB push 10bb (edited)' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.spot_ev).toEqual(stored);
    // Every other range has none.
    const plain = await createId(user, { name: 'plain' });
    expect((await read(user, plain)).spot_ev).toBeNull();
    expect((await trainerChart(user, plain)).spot_ev).toBeNull();
  });

  it('copies them with the range, alone and inside its folder', async () => {
    const user = await registerUser(t.app);
    await makePremium(t.app, user);
    const folder = await createId(user, { name: 'Spot', kind: 'tournament', root_type: 'tournament_root' });
    const id = await pushChart(user, { parent_id: folder });
    const copy = await as(t.app, user, { method: 'POST', url: `/api/v1/categories/${id}/copy/down` });
    expect(copy.statusCode, copy.body).toBe(200);
    expect(copy.json().data.spot_ev).toEqual(stored);
    const folderCopy = await as(t.app, user, {
      method: 'POST',
      url: `/api/v1/categories/${folder}/copy/down`,
    });
    expect(folderCopy.statusCode, folderCopy.body).toBe(200);
    const tree = (
      await as(t.app, user, {
        method: 'GET',
        url: '/api/v1/categories/tree',
        query: { root_type: 'tournament_root' },
      })
    ).json().data.children as Array<{ id: number; children: Array<{ id: number }> }>;
    const copiedFolder = tree.find((node) => node.id === folderCopy.json().data.id)!;
    expect(copiedFolder.children).toHaveLength(2);
    for (const child of copiedFolder.children) expect((await read(user, child.id)).spot_ev).toEqual(stored);
  });

  it.each([
    ['one colour for both actions (any case)', 'range', { ...spotEv, fold: { ...spotEv.fold, color: PUSH } }],
    ['spot EVs on a folder', 'folder', spotEv],
    ['spot EVs on a tournament', 'tournament', spotEv],
  ])('refuses %s with 400 invalidSpotEv', async (_, kind, value) => {
    const user = await registerUser(t.app);
    const response = await create(user, { name: 'x', kind, root_type: 'tournament_root', spot_ev: value });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ error: ERROR_MESSAGES.invalidSpotEv, code: 'invalidSpotEv' });
  });

  it.each([
    ['168 values', { ...spotEv, play: { ...spotEv.play, ev: values(1).slice(1) } }],
    ['170 values', { ...spotEv, play: { ...spotEv.play, ev: [...values(1), 0] } }],
    [
      'a value past the bound',
      { ...spotEv, fold: { ...spotEv.fold, ev: [SPOT_EV_MAX * 2, ...values(0).slice(1)] } },
    ],
    ['a word for a value', { ...spotEv, fold: { ...spotEv.fold, ev: ['lots', ...values(0).slice(1)] } }],
    ['an unknown unit', { ...spotEv, unit: 'chips' }],
    ['a colour that is no colour', { ...spotEv, play: { ...spotEv.play, color: 'red' } }],
    ['no fold', { unit: 'bb', play: spotEv.play }],
  ])('refuses spot EVs with %s at the schema (400), storing nothing', async (_, value) => {
    const user = await registerUser(t.app);
    const response = await create(user, { name: 'x', root_type: 'tournament_root', spot_ev: value });
    expect(response.statusCode, response.body).toBe(400);
    const tree = (
      await as(t.app, user, {
        method: 'GET',
        url: '/api/v1/categories/tree',
        query: { root_type: 'tournament_root' },
      })
    ).json().data;
    expect(tree.children).toEqual([]);
  });

  it('refuses a JSON literal that parses to infinity', async () => {
    const user = await registerUser(t.app);
    const body = JSON.stringify({
      name: 'x',
      kind: 'range',
      root_type: 'tournament_root',
      spot_ev: spotEv,
    }).replace('"ev":[1,', '"ev":[1e999,');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/categories',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(400);
  });
});
