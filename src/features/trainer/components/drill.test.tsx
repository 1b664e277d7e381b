import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { appStore } from '@/lib/store';
import { treeNode } from '@/test/fixtures';
import { mockFetch, renderApp, requestBody, testUser } from '@/test/render';
import { classCombos, HAND_CLASSES } from '@contract/hands';
import { TRAINER_FLUSH_AT, TRAINER_FLUSH_MS } from '@contract/limits';
import type { TrainerAnswerBody, TrainerAnswersBody, TrainerChart } from '@contract/trainer';

import { dealModeAtom } from '../atoms';
import { seededRandom } from '../trainer-rules';
import { ChartPicker } from './chart-picker';
import { Drill } from './drill';

const RAISE = '#D64545';
const CALL = '#2E9E5B';

// Every class pushed: "Push" (key 1) is right for any hand dealt, the unnamed call colour (key 2) wrong.
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
  cells: HAND_CLASSES.map((hand) => ({ hand, colors: [{ color: RAISE, weight: 100 }] })),
  spot_ev: null,
};

const PUSH = '#E08A1E';
const FOLD = '#5B6B7F';

// A chart saved from a solved spot: every class pushed or folded with a Fold colour of its own, with its EVs in bb
// (pushing worth 1 + the class's index / 100 and folding -0.5, so each class's loss is its own).
const solved: TrainerChart = {
  ...chart,
  id: 6,
  actions: [
    { color: PUSH, label: 'Push' },
    { color: FOLD, label: 'Fold' },
  ],
  cells: HAND_CLASSES.map((hand) => ({ hand, colors: [{ color: PUSH, weight: 100 }] })),
  spot_ev: {
    unit: 'bb',
    play: { color: PUSH, ev: HAND_CLASSES.map((_, index) => 1 + index / 100) },
    fold: { color: FOLD, ev: HAND_CLASSES.map(() => -0.5) },
  },
};

// A chart that leaves a hand out: "not in range" is an answer there.
const partial: TrainerChart = { ...chart, id: 7, cells: chart.cells.filter((cell) => cell.hand !== '32o') };

/** The server: the charts, and every batch of answers recorded (the graded results are not read by the drill). */
function server(options: { fail?: () => number | null } = {}) {
  const batches: TrainerAnswerBody[][] = [];
  const spy = mockFetch((url, init) => {
    if (url === '/api/v1/trainer/charts/5') return { body: { data: chart } };
    if (url === '/api/v1/trainer/charts/6') return { body: { data: solved } };
    if (url === '/api/v1/trainer/charts/7') return { body: { data: partial } };
    if (url === '/api/v1/trainer/answers') {
      const status = options.fail?.() ?? null;
      if (status)
        return { status, body: { error: 'Too many requests, try again later', code: 'tooManyRequests' } };
      const { answers } = requestBody(init) as TrainerAnswersBody;
      batches.push(answers);
      return { body: { data: { results: answers.map(() => null) } } };
    }
    return undefined;
  });
  return { spy, batches, answers: () => batches.flat() };
}

const dealtHand = () => screen.getByRole('heading', { level: 2, name: /^Your hand/ });

describe('trainer drill', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('deals a hand of its class, answers by key at once, shows the graded cell and moves focus for Space', async () => {
    const { spy, answers } = server();
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
    // Graded on the page: no answer has gone to the server yet.
    expect(screen.getByText('Wrong')).toBeInTheDocument();
    expect(answers()).toEqual([]);
    expect(screen.getByTestId('answer-cell')).toHaveAttribute('data-colors', `${RAISE}:100`);
    expect(screen.getByText('Your answer: Colour #2E9E5B')).toBeInTheDocument();
    const next = screen.getByRole('button', { name: 'Next hand' });
    await waitFor(() => expect(next).toHaveFocus());
    expect(screen.getByTestId('score-hands')).toHaveTextContent('1');
    expect(document.querySelector(`[data-hand="${hand.dataset.hand}"].trainer-map__cell`)).toHaveAttribute(
      'data-missed',
      '1',
    );

    fireEvent.keyDown(window, { key: ' ' });
    await waitFor(() => expect(screen.queryByText('Wrong')).not.toBeInTheDocument());
    await waitFor(() => expect(dealtHand()).toHaveFocus());
    const second = dealtHand().dataset.combo;
    fireEvent.keyDown(window, { key: '1' });
    expect(screen.getByText('Right')).toBeInTheDocument();
    expect(screen.getByTestId('score-accuracy')).toHaveTextContent('50%');
    expect(screen.getByTestId('trainer-saving')).toHaveTextContent('2 answers waiting to be saved');
    // Both answers go in one batch once the first has waited TRAINER_FLUSH_MS.
    await waitFor(() => expect(answers()).toHaveLength(2), { timeout: TRAINER_FLUSH_MS + 2000 });
    expect(answers()).toEqual([
      { category_id: 5, combo: first, color: CALL },
      { category_id: 5, combo: second, color: RAISE },
    ]);
    expect(spy.mock.calls.filter(([url]) => url === '/api/v1/trainer/answers')).toHaveLength(1);
    await waitFor(() => expect(screen.getByTestId('trainer-saving')).toHaveTextContent('All answers saved'));
    // The chart's context loaded once for the whole drill.
    expect(spy.mock.calls.filter(([url]) => url === '/api/v1/trainer/charts/5')).toHaveLength(1);
  }, 20_000);

  it('sends a full batch at once, and what waits when the player leaves', async () => {
    const { batches } = server();
    const { unmount } = renderApp(<Drill chartIds={[5]} random={seededRandom(9)} />, { user: testUser });
    await screen.findByRole('heading', { level: 2, name: /^Your hand/ });
    for (let index = 0; index < TRAINER_FLUSH_AT + 3; index += 1) {
      fireEvent.keyDown(window, { key: '1' });
      fireEvent.keyDown(window, { key: ' ' });
      await waitFor(() => expect(screen.queryByText('Right')).not.toBeInTheDocument());
    }
    await waitFor(() => expect(batches).toHaveLength(1));
    expect(batches[0]).toHaveLength(TRAINER_FLUSH_AT);
    unmount();
    await waitFor(() => expect(batches).toHaveLength(2));
    expect(batches[1]).toHaveLength(3);
  }, 20_000);

  it('sends the frequency in frequency mode and "not in range" as null', async () => {
    const user = userEvent.setup();
    const { answers } = server();
    const { unmount } = renderApp(<Drill chartIds={[7]} random={seededRandom(2)} />, { user: testUser });
    await screen.findByRole('heading', { level: 2, name: /^Your hand/ });
    await user.click(screen.getByLabelText('Answer with a frequency'));
    await user.click(screen.getByRole('button', { name: '50%' }));
    expect(screen.getByRole('slider', { name: 'Frequency' })).toHaveValue('50');
    await user.click(screen.getByRole('button', { name: /Not in range/ }));
    await screen.findByText('Wrong');
    expect(screen.getByText('Your answer: Not in range at 50%')).toBeInTheDocument();
    unmount();
    await waitFor(() => expect(answers()[0]).toMatchObject({ color: null, frequency: 50 }));
  });

  it('drills a solved spot’s chart: its Fold is the fold, and a wrong answer shows the EV it lost', async () => {
    server();
    renderApp(<Drill chartIds={[6]} random={seededRandom(4)} />, { user: testUser });
    const hand = await screen.findByRole('heading', { level: 2, name: /^Your hand/ });
    // Every hand is painted Push or Fold: no "not in range" to answer, and 0 answers nothing.
    expect(screen.queryByRole('button', { name: /Not in range/ })).not.toBeInTheDocument();
    expect(screen.getByText('Keys: 1–9 answer, Space next hand')).toBeInTheDocument();
    fireEvent.keyDown(window, { key: '0' });
    expect(screen.queryByText('Wrong')).not.toBeInTheDocument();
    // Folding a hand the chart pushes loses its push EV over its fold EV.
    fireEvent.keyDown(window, { key: '2' });
    expect(screen.getByText('Wrong')).toBeInTheDocument();
    const index = HAND_CLASSES.indexOf(hand.dataset.hand!);
    const lost = (1 + index / 100 + 0.5).toFixed(2);
    expect(screen.getByTestId('trainer-ev-lost')).toHaveTextContent(
      `This answer loses ${lost} bb against the solved spot.`,
    );
    expect(screen.getByTestId('trainer-ev')).toHaveTextContent(`Push +${(1 + index / 100).toFixed(2)} bb`);
    expect(screen.getByTestId('trainer-ev')).toHaveTextContent('Fold -0.50 bb');
    // A right answer shows the EVs and loses nothing.
    fireEvent.keyDown(window, { key: ' ' });
    await waitFor(() => expect(screen.queryByText('Wrong')).not.toBeInTheDocument());
    fireEvent.keyDown(window, { key: '1' });
    expect(screen.getByText('Right')).toBeInTheDocument();
    expect(screen.getByTestId('trainer-ev')).toBeInTheDocument();
    expect(screen.queryByTestId('trainer-ev-lost')).not.toBeInTheDocument();
  });

  it('shows no EVs for a chart painted by hand', async () => {
    server();
    renderApp(<Drill chartIds={[5]} random={seededRandom(1)} />, { user: testUser });
    await screen.findByRole('heading', { level: 2, name: /^Your hand/ });
    fireEvent.keyDown(window, { key: '2' });
    expect(screen.getByText('Wrong')).toBeInTheDocument();
    expect(screen.queryByTestId('trainer-ev')).not.toBeInTheDocument();
  });

  it('remembers the deal setting, and the keys still answer with the focus on it', async () => {
    const user = userEvent.setup();
    server();
    localStorage.removeItem('rangeforge.trainer.dealMode');
    const { unmount } = renderApp(<Drill chartIds={[5]} random={seededRandom(6)} />, { user: testUser });
    await screen.findByRole('heading', { level: 2, name: /^Your hand/ });
    expect(screen.getByRole('radio', { name: /^Hands that teach most/ })).toBeChecked();
    const asDealt = screen.getByRole('radio', { name: /^Every hand as dealt/ });
    await user.click(asDealt);
    expect(asDealt).toBeChecked();
    expect(localStorage.getItem('rangeforge.trainer.dealMode')).toBe('asDealt');
    // Focus stays on the choice; the drill's keys still answer.
    fireEvent.keyDown(asDealt, { key: '1' });
    expect(screen.getByText('Right')).toBeInTheDocument();
    unmount();
    appStore.set(dealModeAtom, 'teaching');
  });

  it('answers a key pressed the moment the hand is shown, before React has run its passive effects', async () => {
    server();
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
    expect(screen.getByTestId('score-hands')).toHaveTextContent('1');
  });

  it('keeps a batch the server refused for now and sends it again, losing no answer', async () => {
    let refusals = 1;
    const { batches, answers } = server({ fail: () => (refusals-- > 0 ? 429 : null) });
    const user = userEvent.setup();
    const { unmount } = renderApp(<Drill chartIds={[5]} random={seededRandom(3)} />, { user: testUser });
    await screen.findByRole('heading', { level: 2, name: /^Your hand/ });
    fireEvent.keyDown(window, { key: '1' });
    expect(screen.getByText('Right')).toBeInTheDocument();
    const saving = screen.getByTestId('trainer-saving');
    await waitFor(() => expect(saving).toHaveTextContent('1 answer not saved yet: trying again shortly'), {
      timeout: TRAINER_FLUSH_MS + 2000,
    });
    // The drill goes on meanwhile.
    fireEvent.keyDown(window, { key: ' ' });
    await waitFor(() => expect(screen.queryByText('Right')).not.toBeInTheDocument());
    fireEvent.keyDown(window, { key: '2' });
    await user.click(screen.getByRole('button', { name: 'Send now' }));
    await waitFor(() => expect(saving).toHaveTextContent('All answers saved'));
    expect(batches).toHaveLength(1);
    expect(answers().map((answer) => answer.color)).toEqual([RAISE, CALL]);
    unmount();
  }, 20_000);
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
    mockFetch((url) => {
      if (url.includes('root_type=preflop_root'))
        return {
          body: {
            data: {
              root_type: 'preflop_root',
              children: [
                treeNode(1, 'Opens', 'folder', [treeNode(2, 'UTG', 'range'), treeNode(3, 'CO', 'range')]),
                treeNode(4, 'Empty folder', 'folder'),
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
