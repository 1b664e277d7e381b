import { useTranslation } from 'react-i18next';

import { Tabs } from '@/components/tabs';

import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import { RestoreForm } from './restore-form';

export type AuthMode = 'register' | 'login' | 'restore';

export interface AuthPageProps {
  mode: AuthMode;
  referralToken?: string;
  /** The route decides the tab (SPEC §2), so switching tabs navigates. */
  onModeChange: (mode: AuthMode) => void;
  onSignedIn: () => void;
}

export function AuthPage({ mode, referralToken, onModeChange, onSignedIn }: AuthPageProps) {
  const { t } = useTranslation();
  const items = [
    { key: 'register' as const, label: t('auth:tabs.register') },
    { key: 'login' as const, label: t('auth:tabs.login') },
    { key: 'restore' as const, label: t('auth:tabs.restore') },
  ];
  const titles: Record<AuthMode, string> = {
    register: t('auth:register.title'),
    login: t('auth:login.title'),
    restore: t('auth:restore.title'),
  };
  return (
    <section className="auth card">
      <h1 className="auth__title">{titles[mode]}</h1>
      <Tabs
        items={items}
        active={mode}
        onChange={onModeChange}
        label={t('auth:tabs.label')}
        idPrefix="auth"
      />
      <div
        role="tabpanel"
        id={`auth-panel-${mode}`}
        aria-labelledby={`auth-tab-${mode}`}
        className="auth__panel"
      >
        {mode === 'register' && <RegisterForm referralToken={referralToken} onDone={onSignedIn} />}
        {mode === 'login' && <LoginForm onDone={onSignedIn} />}
        {mode === 'restore' && <RestoreForm onDone={() => onModeChange('login')} />}
      </div>
    </section>
  );
}
