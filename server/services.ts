import type { FastifyBaseLogger } from 'fastify';

import type { AppConfig } from './config.ts';
import type { Db } from './db/database.ts';
import type { Mailer } from './lib/mailer.ts';
import { createMediaStorage, type MediaStorage } from './lib/media-storage.ts';
import { AdminService } from './modules/admin/admin.service.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { CategoriesService } from './modules/categories/categories.service.ts';
import { SharesService } from './modules/categories/shares.service.ts';
import { CloudPaymentsService } from './modules/payments/cloudpayments.ts';
import { PaymentsService } from './modules/payments/payments.service.ts';
import { SandboxPayments, sandboxSecret } from './modules/payments/sandbox.ts';
import { ShopService } from './modules/shop/shop.service.ts';
import { ProfileService } from './modules/users/profile.service.ts';

/** Every service, built once per app; routes reach them through `app.services`. */
export interface Services {
  db: Db;
  config: AppConfig;
  /** Avatars, lesson videos and posters: the local folder or the shared object store. */
  media: MediaStorage;
  auth: AuthService;
  profile: ProfileService;
  categories: CategoriesService;
  shares: SharesService;
  shop: ShopService;
  payments: PaymentsService;
  cloudPayments: CloudPaymentsService;
  /** Test card payments; null with real provider keys (its route is then not registered at all). */
  sandbox: SandboxPayments | null;
  admin: AdminService;
}

export function createServices(db: Db, config: AppConfig, mailer: Mailer, log: FastifyBaseLogger): Services {
  const { sandbox, apiSecret } = config.cloudPayments;
  const payments = new PaymentsService(db, config, sandbox ? sandboxSecret(config.dataDir) : apiSecret);
  const media = createMediaStorage(config.media);
  return {
    db,
    config,
    media,
    auth: new AuthService(db, mailer, log),
    profile: new ProfileService(db, media),
    categories: new CategoriesService(db),
    shares: new SharesService(db),
    shop: new ShopService(db, config.urlSigningSecret),
    payments,
    cloudPayments: new CloudPaymentsService(db, config, payments),
    sandbox: sandbox ? new SandboxPayments(db, payments) : null,
    admin: new AdminService(db, config.mediaDir),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
