/** Route paths shared by the SPA and the server. `{id}` segments are Fastify `:id` params on the server. */
export const API = {
  health: '/api/v1/health',
  healthLive: '/api/v1/health/live',
  healthReady: '/api/v1/health/ready',
  /** Prometheus metrics, for the operator's scraper only (METRICS_ALLOW / METRICS_TOKEN). */
  metrics: '/metrics',
  auth: {
    register: '/api/v1/auth/register',
    registerWithToken: '/api/v1/auth/register/:token',
    registerConfirm: '/api/v1/auth/register_confirm',
    login: '/api/v1/auth/login',
    user: '/api/v1/auth/user',
    logout: '/api/v1/auth/logout',
    recover: '/api/v1/auth/recover',
    confirm: '/api/v1/auth/confirm',
  },
  users: {
    findUsers: '/api/v1/users/find_users',
    language: '/api/v1/users/language',
    updateUsername: '/api/v1/users/userprofile/update/username',
    updatePassword: '/api/v1/users/userprofile/update/password',
    updateAvatar: '/api/v1/users/userprofile/update/avatar',
    profile: '/api/v1/users/userprofile',
    purchases: '/api/v1/users/userprofile/purchases',
    affiliatePurchases: '/api/v1/users/userprofile/affiliate_purchases',
    deleteAccount: '/api/v1/users/userprofile/delete',
    exportData: '/api/v1/users/userprofile/export',
  },
  categories: {
    root: '/api/v1/categories',
    tree: '/api/v1/categories/tree',
    range: '/api/v1/categories/range',
    share: '/api/v1/categories/share',
    incoming: '/api/v1/categories/incoming',
    incomingCount: '/api/v1/categories/incoming/count',
    incomingRange: '/api/v1/categories/incoming/:id/range',
    incomingCompare: '/api/v1/categories/incoming/:id/compare',
    incomingAccept: '/api/v1/categories/incoming/:id/accept',
    incomingReject: '/api/v1/categories/incoming/:id/reject',
    byId: '/api/v1/categories/:id',
    createFromTemplate: '/api/v1/categories/:id/create_from_template',
    copyUp: '/api/v1/categories/:id/copy/up',
    copyDown: '/api/v1/categories/:id/copy/down',
    moveUp: '/api/v1/categories/:id/move/up',
    moveDown: '/api/v1/categories/:id/move/down',
  },
  shop: {
    list: '/api/shop',
    product: '/api/shop/product/:id',
    costPremium: '/api/v1/shop/cost/premium',
    costShop: '/api/v1/shop/cost/shop',
    cryptoQuote: '/api/v1/shop/crypto_quote',
    restorePack: '/api/v1/shop/products/:id/restore',
    lessonVideo: '/api/v1/shop/lessons/:id/video',
    lessonPoster: '/api/v1/shop/lessons/:id/poster',
    lessonCaptions: '/api/v1/shop/lessons/:id/captions/:language',
  },
  payments: {
    manual: '/api/v1/manual_payment',
    cloudCheck: '/api/v1/payments/cloudpayments/check',
    cloudPay: '/api/v1/payments/cloudpayments/pay',
    cloudFail: '/api/v1/payments/cloudpayments/fail',
    cloudRefund: '/api/v1/payments/cloudpayments/refund',
    cloudCancel: '/api/v1/payments/cloudpayments/cancel',
    sandboxCharge: '/api/v1/payments/sandbox/charge',
  },
  publicLinks: {
    /** The owner publishes a chart (POST; the live link when it has one). */
    publish: '/api/v1/categories/:id/public_link',
    /** The owner's live links (GET). */
    list: '/api/v1/public_links',
    /** The owner revokes a link (DELETE). */
    revoke: '/api/v1/public_links/:link',
    /** Anyone with the link: the chart (GET, no account). */
    chart: '/api/v1/public/charts/:link',
    /** Anyone with the link: the chart as a PNG picture, for chat apps' previews. */
    image: '/api/v1/public/charts/:link/image.png',
  },
  trainer: {
    chart: '/api/v1/trainer/charts/:id',
    answers: '/api/v1/trainer/answers',
    summary: '/api/v1/trainer/summary',
  },
  admin: {
    manualPayments: '/api/v1/admin/manual_payments',
    confirmPayment: '/api/v1/admin/manual_payments/:id/confirm',
    rejectPayment: '/api/v1/admin/manual_payments/:id/reject',
    refundedPayment: '/api/v1/admin/manual_payments/:id/refunded',
    orderLines: '/api/v1/admin/orders/:id/lines',
    takeBack: '/api/v1/admin/orders/:id/take_back',
    nothingToTakeBack: '/api/v1/admin/orders/:id/nothing_to_take_back',
    extraChargeRefunded: '/api/v1/admin/extra_charges/:id/refunded',
    users: '/api/v1/admin/users',
    settings: '/api/v1/admin/settings',
    items: '/api/v1/admin/items',
    item: '/api/v1/admin/items/:id',
    lessons: '/api/v1/admin/items/:id/lessons',
    itemContent: '/api/v1/admin/items/:id/content',
    lesson: '/api/v1/admin/lessons/:id',
    lessonVideo: '/api/v1/admin/lessons/:id/video',
    package: '/api/v1/admin/packages/:id',
    publish: '/api/v1/admin/items/:id/publish',
    audit: '/api/v1/admin/audit',
  },
} as const;

/** Fills `:name` segments: `pathFor(API.categories.byId, { id: 5 })` → `/api/v1/categories/5`. */
export function pathFor(path: string, params: Record<string, string | number>): string {
  return path.replace(/:([a-z_]+)/g, (_, name: string) => String(params[name] ?? `:${name}`));
}
