/** Route paths shared by the SPA and the server. `{id}` segments are Fastify `:id` params on the server. */
export const API = {
  health: '/api/v1/health',
  auth: {
    register: '/api/v1/auth/register',
    registerWithToken: '/api/v1/auth/register/:token',
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
  },
  categories: {
    root: '/api/v1/categories',
    tree: '/api/v1/categories/tree',
    range: '/api/v1/categories/range',
    share: '/api/v1/categories/share',
    incoming: '/api/v1/categories/incoming',
    incomingCount: '/api/v1/categories/incoming/count',
    incomingRange: '/api/v1/categories/incoming/:id/range',
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
    lessonVideo: '/api/v1/shop/lessons/:id/video',
    lessonPoster: '/api/v1/shop/lessons/:id/poster',
    lessonCaptions: '/api/v1/shop/lessons/:id/captions/:language',
  },
  payments: {
    manual: '/api/v1/manual_payment',
    cloudCheck: '/api/v1/payments/cloudpayments/check',
    cloudPay: '/api/v1/payments/cloudpayments/pay',
    cloudFail: '/api/v1/payments/cloudpayments/fail',
    sandboxCharge: '/api/v1/payments/sandbox/charge',
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
    users: '/api/v1/admin/users',
    settings: '/api/v1/admin/settings',
    items: '/api/v1/admin/items',
    item: '/api/v1/admin/items/:id',
    lessons: '/api/v1/admin/items/:id/lessons',
    itemContent: '/api/v1/admin/items/:id/content',
    lessonVideo: '/api/v1/admin/lessons/:id/video',
  },
} as const;

/** Fills `:name` segments: `pathFor(API.categories.byId, { id: 5 })` → `/api/v1/categories/5`. */
export function pathFor(path: string, params: Record<string, string | number>): string {
  return path.replace(/:([a-z_]+)/g, (_, name: string) => String(params[name] ?? `:${name}`));
}
