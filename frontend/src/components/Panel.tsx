import type { ReactNode } from 'react';

/** A light card (antd's Card brings tabs, dropdowns and skeletons into the first download; this does not). */
export function Panel({ title, className, children, testId }: { title?: ReactNode; className?: string; children: ReactNode; testId?: string }) {
  return (
    <section className={`panel${className ? ` ${className}` : ''}`} data-testid={testId}>
      {title && <h2 className="panel-title">{title}</h2>}
      {children}
    </section>
  );
}
