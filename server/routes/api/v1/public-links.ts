import { DataEnvelope, ErrorBody, IdParams, Ok } from '../../../../contract/envelope.ts';
import { API } from '../../../../contract/paths.ts';
import {
  PublicChart,
  PublicLink,
  PublicLinkList,
  PublicLinkParams,
} from '../../../../contract/public-links.ts';
import type { RoutePlugin } from '../../../lib/type-provider.ts';
import { currentUser, requireUser } from '../../../plugins/auth.ts';
import { writeLimit } from '../../../plugins/limits.ts';

const errors = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  429: ErrorBody,
};

/**
 * Requests a minute one address may make for public charts and their pictures: a page load asks for the chart once
 * (and a chat app for the picture once); a script walking ids is held to this many guesses a minute, against 2^128.
 */
export const PUBLIC_CHART_PER_MINUTE = 60;
export const PUBLIC_PICTURE_PER_MINUTE = 30;

/** A chart's picture in a chat app's cache: a few minutes, so an edit shows soon (its address changes with it too). */
const PICTURE_CACHE = 'public, max-age=300';

export const publicLinkRoutes: RoutePlugin = async (app) => {
  const { publicLinks } = app.services;
  const tags = ['public links'];
  const writing = { preValidation: [requireUser, writeLimit(app)] };
  // Answers of the public routes are for the page that asks, not for search engines (a revoked link above all).
  const noIndex = {
    onSend: async (_request: unknown, reply: { header: (name: string, value: string) => unknown }) => {
      reply.header('x-robots-tag', 'noindex');
    },
  };

  app.post(
    API.publicLinks.publish,
    {
      ...writing,
      schema: {
        tags,
        description:
          "Publishes one of the caller's charts as a read-only link (its live link when it has one). The link shows " +
          'the chart as it is now, edits included, until it is revoked or the chart deleted. Ready-made strategies: 403.',
        params: IdParams,
        response: { 200: DataEnvelope(PublicLink), ...errors },
      },
    },
    async (request) => ({ data: await publicLinks.publish(currentUser(request), request.params.id) }),
  );

  app.get(
    API.publicLinks.list,
    {
      preValidation: requireUser,
      schema: { tags, response: { 200: DataEnvelope(PublicLinkList), ...errors } },
    },
    async (request) => ({ data: await publicLinks.list(currentUser(request)) }),
  );

  app.delete(
    API.publicLinks.revoke,
    {
      ...writing,
      schema: { tags, params: PublicLinkParams, response: { 200: DataEnvelope(Ok), ...errors } },
    },
    async (request) => {
      await publicLinks.revoke(currentUser(request), request.params.link);
      return { data: { ok: true } };
    },
  );

  app.get(
    API.publicLinks.chart,
    {
      ...noIndex,
      config: { rateLimit: { max: PUBLIC_CHART_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        tags,
        description:
          'A published chart, for anyone holding its link (no account). Unknown and revoked links: 404.',
        params: PublicLinkParams,
        response: { 200: DataEnvelope(PublicChart), 404: ErrorBody, 429: ErrorBody },
      },
    },
    async (request) => ({ data: await publicLinks.chart(request.params.link) }),
  );

  app.get(
    API.publicLinks.image,
    {
      ...noIndex,
      config: { rateLimit: { max: PUBLIC_PICTURE_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        tags,
        description:
          "A published chart's picture (PNG) for chat apps' link previews; unknown and revoked links: 404 (JSON).",
        params: PublicLinkParams,
      },
    },
    async (request, reply) => {
      const png = await publicLinks.picture(request.params.link);
      return reply.type('image/png').header('cache-control', PICTURE_CACHE).send(png);
    },
  );
};
