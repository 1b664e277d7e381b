import type { Language } from '@/lib/languages';
import type { PaymentParams } from '@contract/payments';

// The card provider's hosted widget (CloudPayments). Only used when the server has provider keys; without them the
// server reports `sandbox: true` and the window charges through the server's sandbox route instead.
const WIDGET_SRC = 'https://widget.cloudpayments.ru/bundles/cloudpayments.js';

interface WidgetCallbacks {
  onSuccess: (options: unknown) => void;
  onFail: (reason: string, options: unknown) => void;
  onComplete: (result: unknown, options: unknown) => void;
}

interface CloudPaymentsWidget {
  pay(kind: 'charge', options: Record<string, unknown>, callbacks: WidgetCallbacks): void;
}

declare global {
  interface Window {
    cp?: { CloudPayments: new (options?: { language?: string }) => CloudPaymentsWidget };
  }
}

let loading: Promise<void> | null = null;

function loadWidget(): Promise<void> {
  if (window.cp) return Promise.resolve();
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = WIDGET_SRC;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      loading = null;
      reject(new Error('The card payment widget could not be loaded'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/**
 * SPEC §7: public account, description, amount, currency (RUB for Russian users, else USD) and the
 * cloud_payments_params; success shows a message, failure the reason, complete emits the sent event.
 */
export async function payWithWidget(
  params: PaymentParams,
  language: Language,
  callbacks: { onSuccess: () => void; onFail: (reason: string) => void; onComplete: () => void },
): Promise<void> {
  await loadWidget();
  if (!window.cp) throw new Error('The card payment widget could not be loaded');
  const widget = new window.cp.CloudPayments({ language });
  widget.pay(
    'charge',
    {
      publicId: params.public_id,
      description: params.description,
      amount: params.cloud_payments.price,
      currency: params.currency,
      accountId: String(params.cloud_payments_params.user_id),
      invoiceId: String(params.cloud_payments_params.order_id),
      skin: 'modern',
      data: params.cloud_payments_params,
    },
    {
      onSuccess: () => callbacks.onSuccess(),
      onFail: (reason) => callbacks.onFail(reason),
      onComplete: () => callbacks.onComplete(),
    },
  );
}
