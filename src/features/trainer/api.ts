// The trainer's server calls (contract/trainer.ts) over the app's API client; the chart tree is the library's.
import { api } from '@/lib/api-client';
import type { RootType, TreeResponse } from '@contract/categories';
import { API, pathFor } from '@contract/paths';
import type { TrainerAnswerBody, TrainerAnswerResult, TrainerChart, TrainerSummary } from '@contract/trainer';

export const trainerApi = {
  tree: (rootType: RootType, signal?: AbortSignal) =>
    api.get<TreeResponse>(API.categories.tree, { query: { root_type: rootType }, signal }),
  chart: (id: number, signal?: AbortSignal) =>
    api.get<TrainerChart>(pathFor(API.trainer.chart, { id }), { signal }),
  /** The drill shows a failed answer itself (with a retry), so the global handler stays quiet. */
  answer: (body: TrainerAnswerBody) =>
    api.post<TrainerAnswerResult>(API.trainer.answers, body, { quiet: true }),
  summary: (signal?: AbortSignal) => api.get<TrainerSummary>(API.trainer.summary, { signal }),
};
