import { useTranslation } from 'react-i18next';

import { AuditPanel } from './audit-panel';
import { ItemsPanel } from './items-panel';
import { PaymentsPanel } from './payments-panel';
import { SettingsPanel } from './settings-panel';

export function AdminPage() {
  const { t } = useTranslation();
  return (
    <div className="admin">
      <header className="page-head">
        <h1>{t('admin:title')}</h1>
      </header>
      <PaymentsPanel />
      <SettingsPanel />
      <ItemsPanel />
      <AuditPanel />
    </div>
  );
}
