import fs from 'node:fs';
import path from 'node:path';

import type { FastifyInstance } from 'fastify';

import { escapeXml } from '../../../contract/chart-svg.ts';
import { PUBLIC_CHART_PAGE } from '../../../contract/limits.ts';
import { API, pathFor } from '../../../contract/paths.ts';
import { HttpError } from '../../lib/http-error.ts';

/** Page loads a minute one address may make of public charts (each is one database read, the picture is apart). */
const PAGE_PER_MINUTE = 60;

const meta = (attribute: 'property' | 'name', key: string, value: string) =>
  `<meta ${attribute}="${key}" content="${escapeXml(value)}">`;

/**
 * The SPA's page for a public link (`/c/<id>`), with what chat apps read to preview it: Open Graph and Twitter tags
 * naming the chart, a line about it and its picture's address (absolute, on PUBLIC_BASE_URL, carrying the chart's
 * revision so an edit gives a new picture). A link that is unknown or revoked gets the same page with 404 and
 * `noindex`, and nothing that tells which it was. Registered only when the SPA is served.
 */
export function registerPublicChartPage(app: FastifyInstance, spaDir: string): void {
  const template = fs.readFileSync(path.join(spaDir, 'index.html'), 'utf8');
  const base = app.services.config.publicBaseUrl.replace(/\/+$/, '');
  app.get<{ Params: { link: string } }>(
    `${PUBLIC_CHART_PAGE}:link`,
    { config: { rateLimit: { max: PAGE_PER_MINUTE, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const link = request.params.link.slice(0, 64);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
      try {
        const preview = await app.services.publicLinks.preview(link);
        const image = `${base}${pathFor(API.publicLinks.image, { link })}?v=${preview.revision}`;
        const tags = [
          meta('property', 'og:type', 'website'),
          meta('property', 'og:site_name', 'RangeForge'),
          meta('property', 'og:title', preview.title),
          meta('property', 'og:description', preview.description),
          meta('property', 'og:url', `${base}${PUBLIC_CHART_PAGE}${link}`),
          meta('property', 'og:image', image),
          meta('property', 'og:image:type', 'image/png'),
          meta('property', 'og:image:width', String(preview.width)),
          meta('property', 'og:image:height', String(preview.height)),
          meta('name', 'twitter:card', 'summary_large_image'),
          meta('name', 'description', preview.description),
        ];
        const page = template
          .replace(/<title>[^<]*<\/title>/, `<title>${escapeXml(preview.title)} · RangeForge</title>`)
          .replace('</head>', `${tags.join('')}</head>`);
        return reply.send(page);
      } catch (error) {
        if (!(error instanceof HttpError) || error.statusCode !== 404) throw error;
        reply.status(404).header('x-robots-tag', 'noindex');
        return reply.send(template.replace('</head>', `${meta('name', 'robots', 'noindex')}</head>`));
      }
    },
  );
}
