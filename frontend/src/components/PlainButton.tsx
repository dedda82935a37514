import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './FullPageSpinner';

/**
 * A button of plain elements and styles.css, for the screens that render without antd (issue 27: the worker's Home
 * and its frame paint before antd's layer is loaded). It looks like antd's Button in our theme (app/antd.tsx):
 * default or primary, small, middle or large, full width with `block`. The icon is decoration (aria-hidden): the
 * button's name is its text. `loading` shows a spinner in place of the icon and ignores presses, as antd's does.
 */
export function PlainButton({
  variant = 'default',
  size = 'middle',
  block = false,
  icon,
  loading = false,
  className,
  children,
  onClick,
  ...button
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & {
  variant?: 'default' | 'primary';
  size?: 'small' | 'middle' | 'large';
  block?: boolean;
  icon?: ReactNode;
  loading?: boolean;
}) {
  const classes = ['plain-button', `plain-button-${variant}`, `plain-button-${size}`, block ? 'button-block' : '', loading ? 'plain-button-loading' : '', className ?? ''];
  return (
    <button
      {...button}
      type="button"
      className={classes.filter(Boolean).join(' ')}
      aria-busy={loading || undefined}
      onClick={loading ? undefined : onClick}
    >
      {loading ? (
        <Spinner />
      ) : (
        icon && (
          <span className="plain-button-icon" aria-hidden="true">
            {icon}
          </span>
        )
      )}
      <span>{children}</span>
    </button>
  );
}

/** A thin progress bar (antd's small line Progress without the figure): `percent` 0-100, named by `label`. */
export function PlainProgress({ percent, label }: { percent: number; label?: string }) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className="plain-progress" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={value} aria-label={label}>
      <div className="plain-progress-bar" style={{ width: `${value}%` }} />
    </div>
  );
}
