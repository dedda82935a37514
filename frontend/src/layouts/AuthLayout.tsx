import type { ReactNode } from 'react';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { Panel } from '../components/Panel';
import { useAppName } from '../features/branding/useAppName';

/** The frame of the signed-out screens: brand, one card (the page's main landmark), the language switch. Mobile first. */
export function AuthLayout({ title, subtitle, children }: { title?: string; subtitle?: string; children: ReactNode }) {
  const appName = useAppName();
  return (
    <div className="auth-page">
      <header className="auth-brand">
        <img src="/icons/icon-192.png" alt="" width={40} height={40} />
        <span>{appName}</span>
      </header>
      <main className="auth-main">
        <Panel className="auth-card">
          {title && (
            <h1 className="auth-title" style={{ marginBottom: subtitle ? 4 : 16 }}>
              {title}
            </h1>
          )}
          {subtitle && <p className="muted auth-subtitle">{subtitle}</p>}
          {children}
        </Panel>
      </main>
      <footer className="auth-footer">
        <LanguageSwitch size="small" />
      </footer>
    </div>
  );
}
