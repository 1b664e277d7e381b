import { DataEnvelope, ErrorBody, IdParams } from '../../../../contract/envelope.ts';
import { API } from '../../../../contract/paths.ts';
import {
  TrainerAnswerBody,
  TrainerAnswerResult,
  TrainerChart,
  TrainerSummary,
} from '../../../../contract/trainer.ts';
import type { RoutePlugin } from '../../../lib/type-provider.ts';
import { currentUser, requireUser } from '../../../plugins/auth.ts';

const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 413: ErrorBody, 429: ErrorBody };

// One answer is under 150 bytes of JSON; anything near this is not an answer and is refused before parsing.
const ANSWER_BODY_LIMIT = 1024;

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

  app.post(
    API.trainer.answers,
    {
      ...guarded,
      bodyLimit: ANSWER_BODY_LIMIT,
      schema: {
        tags,
        body: TrainerAnswerBody,
        response: { 200: DataEnvelope(TrainerAnswerResult), ...errors },
      },
    },
    async (request) => ({ data: await trainer.answer(currentUser(request), request.body) }),
  );

  app.get(
    API.trainer.summary,
    { ...guarded, schema: { tags, response: { 200: DataEnvelope(TrainerSummary), ...errors } } },
    async (request) => ({ data: await trainer.summary(currentUser(request)) }),
  );
};
