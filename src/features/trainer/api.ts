// The trainer's server calls (contract/trainer.ts) over the app's API client; the chart tree is the library's.
import { api } from '@/lib/api-client';
import type { RootType, TreeResponse } from '@contract/categories';
import { API, pathFor } from '@contract/paths';
import type {
  TrainerAnswerBody,
  TrainerAnswersBody,
  TrainerAnswersResult,
  TrainerChart,
  TrainerSummary,
} from '@contract/trainer';

export const trainerApi = {
  tree: (rootType: RootType, signal?: AbortSignal) =>
    api.get<TreeResponse>(API.categories.tree, { query: { root_type: rootType }, signal }),
  chart: (id: number, signal?: AbortSignal) =>
    api.get<TrainerChart>(pathFor(API.trainer.chart, { id }), { signal }),
  /**
   * A batch of answers (answer-queue.ts); `keepalive` when the page is going away. The drill shows a failed batch
   * itself (its answers wait and go again), so the global handler stays quiet.
   */
  answers: (answers: TrainerAnswerBody[], { keepalive }: { keepalive: boolean }) =>
    api.post<TrainerAnswersResult>(API.trainer.answers, { answers } satisfies TrainerAnswersBody, {
      quiet: true,
      keepalive,
    }),
  summary: (signal?: AbortSignal) => api.get<TrainerSummary>(API.trainer.summary, { signal }),
};
