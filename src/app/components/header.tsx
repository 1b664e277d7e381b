import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';

import { Popup } from '@/components/popup';
import { logout } from '@/features/auth/api';
import { rangeSaver } from '@/features/range-tool/saving/range-saver';
import { resetSession, useCurrentUser } from '@/lib/session';
import { useOutsideClick } from '@/lib/use-outside-click';

import { LanguagePicker } from './language-picker';
import { Logo, LogoMark } from './logo';
import { NotificationBell } from './notification-bell';
import { ProfileBlock } from './profile-block';
import { type NavPlace, useNavFit } from './use-nav-fit';

function NavLinks({ onNavigate, isAdmin }: { onNavigate?: () => void; isAdmin: boolean }) {
  const { t } = useTranslation();
  const cls = ({ isActive }: { isActive: boolean }) => `nav__link${isActive ? ' nav__link--active' : ''}`;
  return (
    <>
      <NavLink to="/" end className={cls} onClick={onNavigate}>
        {t('common:nav.cash')}
      </NavLink>
      <NavLink to="/tournament" className={cls} onClick={onNavigate}>
        {t('common:nav.tournament')}
      </NavLink>
      <NavLink to="/flop-report" className={cls} onClick={onNavigate}>
        {t('flopReport:nav')}
      </NavLink>
      <NavLink to="/store" className={cls} onClick={onNavigate}>
        {t('common:nav.store')}
      </NavLink>
      <NavLink to="/trainer" className={cls} onClick={onNavigate}>
        {t('common:nav.trainer')}
      </NavLink>
      {isAdmin && (
        <NavLink to="/admin" className={cls} onClick={onNavigate}>
          {t('common:nav.admin')}
        </NavLink>
      )}
    </>
  );
}

export function Header() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const user = useCurrentUser();
  // The sign-in brings the player back to the page it left (the auth page's `from`): on /tournament after a session
  // the server ended, that is where the range they were editing opens again.
  const signInFrom = location.pathname.startsWith('/auth')
    ? undefined
    : { from: location.pathname + location.search + location.hash };
  const [burgerOpen, setBurgerOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const burgerRef = useRef<HTMLDivElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const closeBurger = useCallback(() => setBurgerOpen(false), []);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  useOutsideClick([burgerRef], burgerOpen, closeBurger);
  useOutsideClick([menuRef], menuOpen, closeMenu);
  const headerRef = useRef<HTMLElement>(null);
  const innerRef = useRef<HTMLDivElement>(null);
  const logoRef = useRef<HTMLAnchorElement>(null);
  const navRef = useRef<HTMLElement>(null);
  // Links back in the header: a burger menu left open would reappear open the next time they do not fit.
  const onNavPlace = useCallback((place: NavPlace) => {
    if (place !== 'menu') setBurgerOpen(false);
  }, []);
  useNavFit(headerRef, { inner: innerRef, logo: logoRef, nav: navRef, user: menuRef }, onNavPlace);

  // Range edits the server has not confirmed when the player signs out and they cannot be sent (offline).
  const [unsaved, setUnsaved] = useState(false);

  const signOut = async () => {
    setUnsaved(false);
    try {
      await logout();
    } catch {
      // The token is dropped locally either way; the server expires it on its own.
    }
    resetSession();
    navigate('/auth/login');
  };

  const onLogout = async () => {
    setMenuOpen(false);
    // The range edits still waiting to be saved go first, while the session they belong to is on (after it they
    // could only wait on this device for the next sign-in here); the player decides when they cannot go now.
    if (await rangeSaver.flush()) await signOut();
    else setUnsaved(true);
  };

  return (
    <header className="header" ref={headerRef}>
      <div className="header__inner" ref={innerRef}>
        <div className="burger" ref={burgerRef}>
          <button
            type="button"
            className="header-button burger__toggle"
            aria-label={t('common:header.burger')}
            aria-expanded={burgerOpen}
            aria-controls="burger-menu"
            onClick={() => setBurgerOpen((value) => !value)}
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
          {burgerOpen && (
            <nav id="burger-menu" className="burger__popup" aria-label={t('common:nav.label')}>
              <NavLinks onNavigate={closeBurger} isAdmin={Boolean(user?.is_admin)} />
            </nav>
          )}
        </div>
        <Link to="/" className="header__logo" ref={logoRef} aria-label={t('common:header.home')}>
          <span className="header__logo-full">
            <Logo />
          </span>
          <span className="header__logo-small">
            <LogoMark />
          </span>
        </Link>
        <div className="header__nav">
          <nav className="nav" ref={navRef} aria-label={t('common:nav.label')}>
            <NavLinks isAdmin={Boolean(user?.is_admin)} />
          </nav>
        </div>
        <div className="header__user" ref={menuRef}>
          <button
            type="button"
            className="header-button menu-toggle"
            aria-expanded={menuOpen}
            aria-controls="user-menu"
            onClick={() => setMenuOpen((value) => !value)}
          >
            {t('common:header.menu')}
          </button>
          <div id="user-menu" className={`user-menu${menuOpen ? ' user-menu--open' : ''}`}>
            <LanguagePicker />
            {user && <NotificationBell signedIn />}
            <ProfileBlock user={user} />
            {user ? (
              <button
                type="button"
                className="header-button logout"
                title={t('common:header.logout')}
                onClick={() => void onLogout()}
              >
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                  <path
                    d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3M10 17l-5-5 5-5M5 12h11"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                </svg>
                <span className="logout__label">{t('common:header.logout')}</span>
              </button>
            ) : (
              <Link
                to="/auth/login"
                state={signInFrom}
                className="button button--primary header__signin"
                onClick={closeMenu}
              >
                {t('common:header.signIn')}
              </Link>
            )}
          </div>
        </div>
      </div>
      <Popup
        open={unsaved}
        title={t('ranges:saving.leaveTitle')}
        onClose={() => setUnsaved(false)}
        width={550}
      >
        <p>{t('ranges:saving.signOutText')}</p>
        <div className="popup__actions">
          <button type="button" className="button button--ghost" onClick={() => setUnsaved(false)}>
            {t('ranges:saving.stay')}
          </button>
          <button type="button" className="button button--primary" onClick={() => void signOut()}>
            {t('common:header.logout')}
          </button>
        </div>
      </Popup>
    </header>
  );
}
