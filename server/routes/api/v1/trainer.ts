import { DataEnvelope, ErrorBody, IdParams } from '../../../../contract/envelope.ts';
import { API } from '../../../../contract/paths.ts';
import {
  TrainerAnswersBody,
  TrainerAnswersResult,
  TrainerChart,
  TrainerSummary,
} from '../../../../contract/trainer.ts';
import type { RoutePlugin } from '../../../lib/type-provider.ts';
import { currentUser, requireUser } from '../../../plugins/auth.ts';
import { writeLimit } from '../../../plugins/limits.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 413: ErrorBody, 429: ErrorBody };

// One answer is under 150 bytes of JSON, a full batch under 8 KB; anything near this is no batch of answers and
// is refused before parsing.
const ANSWERS_BODY_LIMIT = 16 * 1024;

export const trainerRoutes: RoutePlugin = async (app) => {
  const { trainer } = app.services;
  const tags = ['trainer'];
  const guarded = { preValidation: requireUser };

  app.get(
    API.trainer.chart,
    {
      ...guarded,
      schema: { tags, params: IdParams, response: { 200: DataEnvelope(TrainerChart), ...errors } },
    },
    async (request) => ({ data: await trainer.chart(currentUser(request), request.params.id) }),
  );

  // A batch of answers is one write of the player's write budget (WRITE_RATE_LIMIT a minute, 429 beyond).
  app.post(
    API.trainer.answers,
    {
      preValidation: [requireUser, writeLimit(app)],
      bodyLimit: ANSWERS_BODY_LIMIT,
      schema: {
        tags,
        body: TrainerAnswersBody,
        response: { 200: DataEnvelope(TrainerAnswersResult), ...errors },
      },
    },
    async (request) => ({ data: await trainer.answers(currentUser(request), request.body) }),
  );

  app.get(
    API.trainer.summary,
    { ...guarded, schema: { tags, response: { 200: DataEnvelope(TrainerSummary), ...errors } } },
    async (request) => ({ data: await trainer.summary(currentUser(request)) }),
  );
};
