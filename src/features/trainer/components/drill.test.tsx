import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { mockFetch, renderApp, requestBody, testUser } from '@/test/render';
import { classCombos } from '@contract/hands';
import type { TrainerAnswerResult, TrainerChart } from '@contract/trainer';

import { seededRandom } from '../trainer-rules';
import { ChartPicker } from './chart-picker';
import { Drill } from './drill';

const RAISE = '#D64545';
const CALL = '#2E9E5B';

const chart: TrainerChart = {
  id: 5,
  name: '10bb',
  root_type: 'tournament_root',
  path: ['Push/fold', 'SB push'],
  stack_bb: 10,
  actions: [
    { color: RAISE, label: 'Push' },
    { color: CALL, label: '' },
  ],
  boxes: {},
};

const result = (body: { combo: string }, correct: boolean): TrainerAnswerResult => ({
  correct,
  hand: 'AKo',
  combo: body.combo,
  colors: [
    { color: RAISE, weight: 60 },
    { color: CALL, weight: 30 },
  ],
  fold: 10,
  chosen_weight: correct ? 60 : 0,
  excluded: false,
  box: correct ? 3 : 0,
  streak: correct ? 1 : 0,
  best_streak: 1,
});

const dealtHand = () => screen.getByRole('heading', { level: 2, name: /^Your hand/ });

describe('trainer drill', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('deals a hand of its class, answers by key, shows the graded cell and moves focus for Space', async () => {
    const answers: unknown[] = [];
    const spy = mockFetch((url, init) => {
      if (url === '/api/v1/trainer/charts/5') return { body: { data: chart } };
      if (url === '/api/v1/trainer/answers') {
        const body = requestBody(init) as { combo: string; color: string | null };
        answers.push(body);
        return { body: { data: result(body, body.color === RAISE) } };
      }
      return undefined;
    });
    renderApp(<Drill chartIds={[5]} random={seededRandom(1)} />, { user: testUser });
    const hand = await screen.findByRole('heading', { level: 2, name: /^Your hand/ });
    const first = hand.dataset.combo!;
    expect(classCombos(hand.dataset.hand!)).toContain(first);
    // Focus moves in an effect after the render that shows the hand: the heading can be found a moment before.
    await waitFor(() => expect(hand).toHaveFocus());
    expect(screen.getByTestId('trainer-spot')).toHaveTextContent('Push/fold › SB push › 10bb');
    expect(screen.getByText('Stack 10 bb')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Colour #2E9E5B/ })).toBeInTheDocument();

    fireEvent.keyDown(window, { key: '2' });
    expect(await screen.findByText('Wrong')).toBeInTheDocument();
    expect(answers[0]).toEqual({ category_id: 5, combo: first, color: CALL });
    expect(screen.getByTestId('answer-cell')).toHaveAttribute('data-colors', `${RAISE}:60 ${CALL}:30`);
    expect(screen.getByText('Your answer: Colour #2E9E5B')).toBeInTheDocument();
    const next = screen.getByRole('button', { name: 'Next hand' });
    await waitFor(() => expect(next).toHaveFocus());
    expect(screen.getByTestId('score-hands')).toHaveTextContent('1');
    expect(document.querySelector('[data-hand="AKo"].trainer-map__cell')).toHaveAttribute('data-missed', '1');

    fireEvent.keyDown(window, { key: ' ' });
    await waitFor(() => expect(screen.queryByText('Wrong')).not.toBeInTheDocument());
    await waitFor(() => expect(dealtHand()).toHaveFocus());
    fireEvent.keyDown(window, { key: '1' });
    expect(await screen.findByText('Right')).toBeInTheDocument();
    expect(answers[1]).toEqual({ category_id: 5, combo: dealtHand().dataset.combo, color: RAISE });
    expect(screen.getByTestId('score-accuracy')).toHaveTextContent('50%');
    // The chart's context loaded once for the whole drill.
    expect(spy.mock.calls.filter(([url]) => url === '/api/v1/trainer/charts/5')).toHaveLength(1);
  }, 20_000);

  it('sends the frequency in frequency mode and "not in range" as null', async () => {
    const user = userEvent.setup();
    const answers: unknown[] = [];
    mockFetch((url, init) => {
      if (url === '/api/v1/trainer/charts/5') return { body: { data: chart } };
      if (url === '/api/v1/trainer/answers') {
        answers.push(requestBody(init));
        return { body: { data: result(requestBody(init) as { combo: string }, false) } };
      }
      return undefined;
    });
    renderApp(<Drill chartIds={[5]} random={seededRandom(2)} />, { user: testUser });
    await screen.findByRole('heading', { level: 2, name: /^Your hand/ });
    await user.click(screen.getByLabelText('Answer with a frequency'));
    await user.click(screen.getByRole('button', { name: '50%' }));
    expect(screen.getByRole('slider', { name: 'Frequency' })).toHaveValue('50');
    await user.click(screen.getByRole('button', { name: /Not in range/ }));
    await screen.findByText('Wrong');
    expect(answers[0]).toMatchObject({ color: null, frequency: 50 });
    expect(screen.getByText('Your answer: Not in range at 50%')).toBeInTheDocument();
  });

  it('answers a key pressed the moment the hand is shown, before React has run its passive effects', async () => {
    const answers: unknown[] = [];
    mockFetch((url, init) => {
      if (url === '/api/v1/trainer/charts/5') return { body: { data: chart } };
      if (url === '/api/v1/trainer/answers') {
        const body = requestBody(init) as { combo: string };
        answers.push(body);
        return { body: { data: result(body, true) } };
      }
      return undefined;
    });
    // A mutation observer's callback runs right after the commit that shows the hand (a microtask), ahead of the
    // effects React schedules for later: the earliest a player's key can arrive.
    const pressed = new Promise<void>((resolve) => {
      const observer = new MutationObserver(() => {
        if (!document.querySelector('#trainer-hand')) return;
        observer.disconnect();
        fireEvent.keyDown(window, { key: '1' });
        resolve();
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
    renderApp(<Drill chartIds={[5]} random={seededRandom(5)} />, { user: testUser });
    await pressed;
    expect(await screen.findByText('Right')).toBeInTheDocument();
    expect(answers).toHaveLength(1);
  });

  it('shows a failed answer with a retry that sends it again', async () => {
    const user = userEvent.setup();
    let fail = true;
    mockFetch((url, init) => {
      if (url === '/api/v1/trainer/charts/5') return { body: { data: chart } };
      if (url === '/api/v1/trainer/answers') {
        if (fail) return { status: 429, body: { error: 'Too many requests', code: 'tooManyRequests' } };
        return { body: { data: result(requestBody(init) as { combo: string }, true) } };
      }
      return undefined;
    });
    renderApp(<Drill chartIds={[5]} random={seededRandom(3)} />, { user: testUser });
    await screen.findByRole('heading', { level: 2, name: /^Your hand/ });
    await act(async () => {
      fireEvent.keyDown(window, { key: '1' });
    });
    expect(await screen.findByText('Too many requests, try again later')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Right')).toBeInTheDocument();
  });
});

it('deals again after a chart failed to load', async () => {
  const user = userEvent.setup();
  let fail = true;
  const answers: unknown[] = [];
  mockFetch((url, init) => {
    if (url === '/api/v1/trainer/charts/5')
      return fail ? { status: 503, body: { error: 'Busy', code: 'serverBusy' } } : { body: { data: chart } };
    if (url === '/api/v1/trainer/answers') answers.push(requestBody(init));
    return undefined;
  });
  renderApp(<Drill chartIds={[5]} random={seededRandom(4)} />, { user: testUser });
  expect(await screen.findByText('The server is busy, try again in a moment')).toBeInTheDocument();
  fail = false;
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('heading', { level: 2, name: /^Your hand/ })).toBeInTheDocument();
  expect(answers).toEqual([]);
  vi.unstubAllGlobals();
});

describe('trainer chart picker', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers each chart and each folder with charts, and shows the empty state', async () => {
    const user = userEvent.setup();
    const node = (id: number, name: string, kind: 'folder' | 'range', children: unknown[] = []) => ({
      id,
      name,
      kind,
      position: 0,
      is_template: false,
      children,
    });
    mockFetch((url) => {
      if (url.includes('root_type=preflop_root'))
        return {
          body: {
            data: {
              root_type: 'preflop_root',
              children: [
                node(1, 'Opens', 'folder', [node(2, 'UTG', 'range'), node(3, 'CO', 'range')]),
                node(4, 'Empty folder', 'folder'),
              ],
            },
          },
        };
      if (url.includes('root_type=tournament_root'))
        return { body: { data: { root_type: 'tournament_root', children: [] } } };
      return undefined;
    });
    const onPick = vi.fn();
    renderApp(<ChartPicker onPick={onPick} />, { user: testUser });
    await user.click(await screen.findByRole('button', { name: 'Train all 2 charts' }));
    expect(onPick).toHaveBeenCalledWith({ ids: [2, 3], title: 'Opens' });
    await user.click(screen.getByRole('button', { name: 'Train CO' }));
    expect(onPick).toHaveBeenLastCalledWith({ ids: [3], title: 'CO' });
    expect(screen.queryByText('Empty folder')).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Tournament' }));
    expect(await screen.findByText(/No charts here yet/)).toBeInTheDocument();
  });
});
