import type { FastifyInstance } from 'fastify';

import { shopPublicRoutes } from './api/shop.ts';
import { adminRoutes } from './api/v1/admin.ts';
import { authRoutes } from './api/v1/auth.ts';
import { categoryRoutes } from './api/v1/categories.ts';
import { healthRoutes } from './api/v1/health.ts';
import { paymentRoutes } from './api/v1/payments.ts';
import { publicLinkRoutes } from './api/v1/public-links.ts';
import { shopRoutes } from './api/v1/shop.ts';
import { trainerRoutes } from './api/v1/trainer.ts';
import { userRoutes } from './api/v1/users.ts';
import { metricsRoutes } from './metrics.ts';

/** Every route module; folders mirror URLs (routes/api/v1/<area>.ts serves /api/v1/<area>/..., metrics.ts /metrics). */
export async function registerRoutes(app: FastifyInstance): Promise<void> {
  await app.register(healthRoutes);
  await app.register(metricsRoutes);
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(categoryRoutes);
  await app.register(shopPublicRoutes);
  await app.register(shopRoutes);
  await app.register(paymentRoutes);
  await app.register(adminRoutes);
  await app.register(trainerRoutes);
  await app.register(publicLinkRoutes);
}
